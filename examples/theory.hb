# The worked examples of docs/theory.md: stalk, loop, double and triple edge, bowtie, theta, K4.

graph: stalk of 7
ground: 0
0-1-2-3-4-5-6-7

graph: loop
ground: g
g-g

graph: double edge
ground: g
g-a g-a

graph: triple edge
ground: g
g-a g-a g-a

graph: bowtie
ground: g
g-a  a-b-c-a  a-d-e-a

graph: theta
ground: g
g-a-t  g-b-t  g-c-t

graph: K4
ground: 1
1-2 1-3 1-4 2-3 2-4 3-4
