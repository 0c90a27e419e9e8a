package i2

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	"idemkeyperseries/retry"
)

// Token requests: retrying a POST to an OAuth token endpoint mints at
// most a second token. Their twins create things.

func fetchToken(ctx context.Context, hc *http.Client, orgURL, assertion string) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		q := url.Values{}
		q.Add("grant_type", "client_credentials")
		q.Add("client_assertion", assertion)
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, orgURL+"/oauth2/v1/token?"+q.Encode(), nil)
		if err != nil {
			return err
		}
		_, err = hc.Do(req)
		return err
	})
}

func refreshToken(ctx context.Context, tokenURL, refresh string) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		_, err := http.PostForm(tokenURL, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {refresh}})
		return err
	})
}

// Twin: POST /api/tokens creates an API token record: a second one is a
// duplicate.
func createAPIToken(ctx context.Context, hc *http.Client, base, name string) error {
	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/tokens", strings.NewReader(name)) // want `POST is retried without an idempotency key`
		if err != nil {
			return err
		}
		_, err = hc.Do(req)
		return err
	})
}
