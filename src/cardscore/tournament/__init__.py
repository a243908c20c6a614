"""Club tournaments: several tables, a few rounds, the tables drawn again between rounds
(:mod:`.draw`).  Pure, like the rules core: names in, draws out; no files, no prompts."""
