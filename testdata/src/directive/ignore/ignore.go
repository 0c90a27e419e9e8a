package ignore

var bad1 = 1 // want "bad var"

//reslint:ignore flagbad the value is checked by the caller
var bad2 = 2

var bad3 = 3 //reslint:ignore flagbad same line works too

//reslint:ignore timerstop,flagbad several analyzers at once
var bad4 = 4

// want +2 "bad var"
//reslint:ignore flagbad
var bad5 = 5

// want +1 "silences nothing here"
//reslint:ignore flagbad nothing to silence on the next line

var good = 6

//reslint:ignore timerstop another analyzer's directive is not ours to judge
var good2 = 7

// want +1 "silences nothing here"
//reslint:ignore flagbad the line above a blank line does not reach further

var bad6 = 8 // want "bad var"
