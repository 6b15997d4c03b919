# A tour of the hb format. A file is one position: the sum of its graphs.
# Run: hackenbush analyze examples/tour.hb

# `graph:` starts a graph and names it (the name is optional).
graph: tree
ground: root
# Chains: root-a-b is two edges. Several chains per line, separated by blanks or commas.
root-a-b  a-c, c-d c-e

graph: loops and parallel edges
ground: 0
0-0          # a loop at the ground is a twig: *1
0-1 0-1      # two parallel edges: an even cycle, worth *0 ...
1-2 2-2      # ... with a stalk and a loop on top

graph: two ground vertices
# Several ground vertices are one ground: this path is a cycle through it.
ground: left, right
left-m-right
m-top

graph: detached part
ground: g
g-x-y-g      # a triangle on the ground
p-q-r        # not attached to the ground: ignored (it falls at the first cut)

graph: theta
# Three paths between the ground and a top vertex: one block of 6 edges, even -> *0.
ground: g
g-a-t  g-b-t  g-c-t

graph: K4
ground: 1
1-2 1-3 1-4 2-3 2-4 3-4
