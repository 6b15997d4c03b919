graph: multigraph 1
ground: 1
8-2-4  1-9  2-1
blue: 3-2
red: 7-5  8-6  3-8  3-4
blue: 9-6  7-8-5  7-2
red: 5-3  1-5  7-9
blue: 6-4  2-6
7-4
blue: 6-1
red: 5-9  3-1
blue: 9-2
