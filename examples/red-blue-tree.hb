# A red-blue tree: every vertex is worth the sum of the branches above it, and a
# branch is its edge's colour (1 for blue, -1 for red) "colon" the value above it.
# Red-blue trees are always numbers.
graph: a blue trunk
ground: g
blue: g-a
red: a-b a-c
blue: b-d c-e c-f

# A red edge at the ground holding up a blue twig on each side.
graph: a red trunk
ground: g
red: g-h
blue: h-i h-j
