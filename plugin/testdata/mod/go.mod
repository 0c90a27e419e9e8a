module example.com/gclmod

go 1.26
