graph: multigraph 1
ground: 1
red: 12-6
blue: 8-2  3-17
11-20
blue: 9-10
16-2  3-4
blue: 5-1
red: 7-2  13-14  1-13
blue: 15-11  6-19
red: 6-2
blue: 11-3  9-2
red: 20-1
16-6
red: 15-17
blue: 18-16  19-3
red: 1-4
blue: 3-13
3-1
red: 2-1  14-15
19-5  16-21
red: 18-14
11-1
