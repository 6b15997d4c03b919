# Red, blue and green (Winning Ways, ch. 2 and 7): green edges may be cut by either
# player. The triangle mixes colours on a cycle, which no rule values: its positions
# are searched. The stalk beside it is a tree, valued by ordinal sums.
graph: triangle with a flag
ground: g
blue: g-a
red: a-b
green: b-g
blue: b-c

graph: green on blue
ground: g
blue: g-x
green: x-y
