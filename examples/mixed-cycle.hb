# Red, blue and green (Winning Ways, ch. 2 and 7): green edges may be cut by either
# player. The triangle mixes colours on a cycle: its red-blue core (what stands when green
# is cut) is a number, what stands on green adds an infinitesimal. The stalk is a tree.
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
