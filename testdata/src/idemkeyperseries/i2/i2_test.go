package i2

import (
	"bytes"
	"context"
	"net/http"
	"testing"
)

// Negative: a test retries a POST to ride out flakes of a test server.
func TestUpload(t *testing.T) {
	ctx := context.Background()
	err := retryUntil(ctx, func() error {
		req, err := http.NewRequest("POST", api, bytes.NewReader(nil))
		if err != nil {
			return err
		}
		_, err = http.DefaultClient.Do(req)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
