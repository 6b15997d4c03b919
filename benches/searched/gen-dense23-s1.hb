graph: multigraph 1
ground: 1
red: 8-2-4  1-9  2-1
blue: 3-2
red: 7-5
blue: 8-6
red: 3-8
blue: 3-4  9-6  7-8-5  7-2
red: 5-3
blue: 1-5  7-9  6-4  2-6
red: 7-4
blue: 6-1  5-9
red: 3-1
blue: 9-2
