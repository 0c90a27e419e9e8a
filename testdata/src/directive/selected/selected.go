package selected

// Run with -reslint.rules=all,-T2: the test analyzer is named timerstop
// and reports T1 on vars named t1*, T2 on those named t2*.

var t1a = 1 // want "T1 var"

var t2a = 2 // T2 is off

//reslint:ignore T2 a directive for a rule turned off still silences it, so it is not stale
var t2b = 3

// want +1 "directive for T1 silences nothing here"
//reslint:ignore T1 stale directives are still reported

var ok = 4
