package a

func Fine() {}

func Boom() {}
