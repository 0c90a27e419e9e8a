package testson

var badProd = 1 // want "bad var badProd"
