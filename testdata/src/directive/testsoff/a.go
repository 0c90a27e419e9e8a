package testsoff

var badProd = 1 // want "bad var badProd"

var baddupTwice = 2 // want "bad var baddupTwice"
