module example.com/cache

// Go 1.22: an unstopped ticker is never collected, so pay has a finding.
go 1.22
