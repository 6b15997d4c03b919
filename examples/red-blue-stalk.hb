# Red-Blue Hackenbush (Winning Ways, ch. 1): Left cuts blue edges, Right red ones.
# A stalk is a number, read by Berlekamp's rule from the ground up: blue edges count
# +1 each until the first change of colour, then each edge adds or takes away half of
# what the one before did: blue blue red blue red red is 1 + 1 - 1/2 + 1/4 - 1/8 - 1/16.
graph: stalk
ground: g
blue: g-a a-b
red: b-c
blue: c-d
red: d-e e-f
