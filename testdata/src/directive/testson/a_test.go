package testson

var badInTest = 3 // want "bad var badInTest"
