package testsoff

// Not reported: the suite's default is no findings in _test.go files.
var badInTest = 3

//reslint:ignore flagbad not stale either: findings in tests are off
var badIgnoredInTest = 4
