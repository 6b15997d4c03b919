graph: grid 1
ground: 1
red: 1-2
blue: 1-3
red: 2-3
blue: 1-4  3-4  1-5  4-5  1-6
red: 5-6
blue: 2-7
red: 3-8
blue: 7-8
red: 4-9  8-9
blue: 5-10
red: 9-10  6-11
blue: 10-11
red: 7-12  8-13  12-13  9-14  13-14
blue: 10-15  14-15
red: 11-16  15-16
