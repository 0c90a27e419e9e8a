package rules

// The test analyzer is named timerstop and reports T1 on vars named t1*
// and T2 on vars named t2*.

var t1a = 1 // want "T1 var"

//reslint:ignore T1 the rule id silences T1
var t1b = 2

// want +1 "directive for T1 silences nothing here"
//reslint:ignore T1 a T1 directive does not silence T2
var t2a = 3 // want "T2 var"

//reslint:ignore timerstop the analyzer name silences every rule of it
var t2b = 4

//reslint:ignore T1,T2 both rules
var t1c, t2c = 5, 6

// want +1 "directive for T2 silences nothing here"
//reslint:ignore T1,T2 only T1 is found on the next line
var t1d = 7

// want +1 "directive for T1 silences nothing here"
//reslint:ignore T1 nothing to silence

var ok = 8

//reslint:ignore N2 another analyzer's rule is not ours to judge
var ok2 = 9
