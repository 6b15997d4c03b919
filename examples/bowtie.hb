# Two triangles hanging from one vertex, on a stalk. Each triangle fuses to a
# twig (*1), two twigs on one vertex are worth *1 XOR *1 = *0, and the stalk
# below adds 1 (Colon Principle): the bowtie is *1.
graph: bowtie
ground: g
g-a  a-b-c-a  a-d-e-a

# A stalk of three edges is the nim heap *3.
graph: stalk of three
ground: 0
0-1-2-3
