graph: multigraph 1
ground: 1
red: 18-2
blue: 18-6  3-1
11-1
blue: 18-16
red: 14-13  8-16
blue: 4-3  7-2
2-6
blue: 8-2
5-19  10-7
blue: 4-19
red: 2-16  9-15  10-9
blue: 20-11  2-1
red: 6-12
blue: 18-8  15-17
red: 7-12
9-2
red: 5-1
blue: 5-18  14-15
red: 13-3
