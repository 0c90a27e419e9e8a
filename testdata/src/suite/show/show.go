package show

import "time"

func call() error { return nil }

func f() error {
	var err error
	for i := 0; i < 3; i++ { // want "^retry scope: retry loop$"
		if err = call(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
