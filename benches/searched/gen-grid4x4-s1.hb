graph: grid 1
ground: 1
red: 1-2
blue: 1-3
red: 2-3
blue: 1-4  3-4  1-5  4-5  2-6
red: 3-7
blue: 6-7
red: 4-8
blue: 7-8
red: 5-9  8-9
blue: 6-10
red: 7-11  10-11
blue: 8-12
red: 11-12  9-13  12-13  10-14  11-15
blue: 14-15  12-16
red: 15-16  13-17  16-17
