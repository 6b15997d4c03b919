graph: multigraph 1
ground: 1
red: 12-6
blue: 8-2  3-17
red: 11-20
blue: 9-10
red: 16-2  3-4
blue: 5-1  7-2  13-14  1-13  15-11  6-19  6-2  11-3  9-2  20-1
red: 16-6  15-17
blue: 18-16  19-3
red: 1-4
blue: 3-13
red: 3-1  2-1
blue: 14-15
red: 19-5  16-21  18-14  11-1
