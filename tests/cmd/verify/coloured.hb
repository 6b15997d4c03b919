# Red-blue-green Hackenbush: Left cuts blue, Right cuts red, either cuts green.

# A blue edge with a red one on top: 1/2.
graph: half
ground: g
blue: g-a
red: a-b

# A cycle through the ground in all three colours, with a red loop.
graph: mixed cycle
ground: g
blue: g-a
red: a-b
green: b-g
blue: b-c
red: a-a

# A Green graph beside them: *1, added to the sum as a nimber.
graph: twig
ground: g
g-a
