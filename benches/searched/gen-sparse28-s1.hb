graph: multigraph 1
ground: 1
blue: 18-2  18-6  3-1
red: 11-1
blue: 18-16  14-13
red: 8-16
blue: 4-3  7-2
red: 2-6
blue: 8-2
red: 5-19  10-7
blue: 4-19  2-16  9-15  10-9  20-11  2-1  6-12  18-8  15-17  7-12
red: 9-2  5-1
blue: 5-18  14-15
red: 13-3
