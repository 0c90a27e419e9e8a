// Package idemkeyperseries defines an Analyzer that checks that a retried
// request carries one idempotency key for the whole series of attempts.
//
// # Analyzer idemkeyperseries
//
// idemkeyperseries: check that an idempotency key is generated once per retry series, and that a retried POST carries one
//
// An idempotency key lets a server recognise a repeated request. When an
// attempt times out after the server applied it, the retry arrives with
// the same key, and the server returns the stored result instead of
// charging twice. That works only if every attempt of the series sends
// the same key. Retry scopes are those of the shared recogniser: closures
// of retry helpers (known libraries, inferred helpers such as a retry.Do
// that runs its operation in a loop with backoff, //reslint:retry,
// -retryfuncs), retry loops (range-over-func loops such as
// for attempt := range attempts(3) included: their body is followed as the
// loop's own code), and sends through go-retryablehttp.
//
// I1, key generated per attempt. A freshly generated value that reaches an idempotency sink inside a
// retry scope is reported at the generator call:
//
//	err := retry.Do(ctx, policy, cls, func(ctx context.Context) error {
//		req.Header.Set("Idempotency-Key", uuid.NewString()) // new key per attempt
//		return send(ctx, req)
//	})
//
// The server sees a new key on every attempt and cannot deduplicate, so a
// timed-out charge is applied again. Generate the key once, before the
// retry (the suggested fix does that for a pure generator call):
//
//	key := uuid.NewString()
//	err := retry.Do(ctx, policy, cls, func(ctx context.Context) error {
//		req.Header.Set("Idempotency-Key", key)
//		return send(ctx, req)
//	})
//
// Generators: github.com/google/uuid (New, NewString, NewRandom, NewV7,
// ...), github.com/gofrs/uuid (NewV1, NewV4, NewV6, NewV7), oklog/ulid
// (Make, New, MustNew), rs/xid (New), segmentio/ksuid (New), crypto/rand
// (Text, and Read or io.ReadFull(rand.Reader, ...) into a buffer),
// time.Now and math/rand (only in code that mentions a key), and functions
// known by a fact to return such a value, in any package. The value is
// followed through the SSA form: locals, conversions, fmt.Sprint*,
// strconv, strings, hex and base64 encoding, concatenation, methods such
// as UUID.String, pointer helpers such as stripe.String, struct fields
// (field by field), closures, and functions of the same package.
//
// Sinks: a header whose constant name is in the keyheaders setting
// (default Idempotency-Key and X-Idempotency-Key, any case), set with
// Header.Set, Header.Add, an index assignment, or any call that takes the
// name and then the value; a struct field, a method or a parameter whose
// name contains IdempotencyKey, IdemKey, ClientRequestToken or ClientToken
// (stripe-go's Params.IdempotencyKey and SetIdempotencyKey, AWS's
// ClientToken), plus the fragments of the keyfields setting.
//
// A call inside a retry scope of a function known to put a freshly
// generated key on what it builds (a newChargeRequest that sets
// Idempotency-Key: uuid.NewString()) is reported too, at the call.
//
// Not reported:
//   - a key generated before the retry call and captured by the closure;
//   - a key derived deterministically inside the closure: from the order
//     id, a hash of the body, uuid.NewSHA1;
//   - request ids and trace ids (X-Request-Id, traceparent, a requestID
//     parameter): they identify one attempt for logs and tracing and are
//     meant to change on every attempt; the server does not deduplicate
//     on them, so a new one per attempt is right;
//   - a generator that runs only under a condition inside the attempt,
//     such as lazy initialisation (if key == "" { key = uuid.NewString() }
//     or if attempt == 0 { ... }): the key is usually made once;
//   - a value generated in a goroutine or callback that the attempt
//     starts, or that reaches the key only after the retry returned;
//   - arguments of a send through go-retryablehttp: they are evaluated
//     once, and the client resends the same request with its headers.
//
// I2, non-idempotent request retried without a key. A POST or PATCH request (constant method, http.NewRequest,
// NewRequestWithContext, retryablehttp.NewRequest and FromRequest) sent
// inside a retry scope, or through go-retryablehttp, with no idempotency
// key set on it, is reported at its construction; so is client.Post,
// client.PostForm, http.Post and http.PostForm inside a retry scope,
// which build and send in one call:
//
//	for attempt := 0; attempt < 3; attempt++ {
//		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, body) // no key
//		if resp, err = hc.Do(req); err == nil {
//			break
//		}
//		time.Sleep(backoff(attempt))
//	}
//
// After a timeout the server may have applied the POST already, and the
// retry applies it again. Set a key generated once before the retry:
//
//	key := uuid.NewString()
//	for attempt := 0; attempt < 3; attempt++ {
//		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, body)
//		req.Header.Set("Idempotency-Key", key)
//		...
//
// The key counts wherever it is set on the same request value, in the
// scope or before it (a request built once with its key and resent, the
// way stripe-go, nats.go and cloud storage do it). A request built before
// a retry closure or a range-over-func loop and used inside it is
// followed through the variable they capture, provided nothing else is
// assigned to that variable.
//
// The request is followed into the helpers it is handed to: a function
// of the same package is read directly, and an exported function of
// another package (a "send and check status" wrapper around
// (*http.Client).Do, a transport's Do method) is known by its
// RequestFact, which says for each request parameter whether it sends
// the request, retries it (sends it inside its own retry loop or retry
// helper), sets a key on it, or returns it:
//
//	return retry.Do(ctx, policy, nil, func(ctx context.Context) error {
//		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, body) // reported
//		return transport.Send(ctx, hc, req)
//	})
//
//	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, body) // reported: the helper retries it
//	return transport.SendWithRetry(ctx, hc, req)
//
// A helper of the same package that sends the request in its own retry
// loop, directly or through another helper, counts the same way.
//
// The construction may be a call of the package's own constructor helper
// that takes the method as a parameter and hands it to http.NewRequest
// (an API client's NewRequest(ctx, method, path, body)): a call of it with
// a constant POST or PATCH is reported like the constructor it wraps,
// provided the helper sets no key on the request and hands it to no code
// it cannot see. An exported helper of that shape is known in other
// packages by its BuildsRequestFact:
//
//	req, err := s.client.NewRequest(ctx, http.MethodPost, "/instances", in) // reported
//	if err != nil {
//		return err
//	}
//	_, err = s.client.DoWithContext(ctx, req, nil) // retryablehttp.FromRequest, then the retrying client's Do
//
// The retrying client may sit in a field of the API client: a
// constructor that stores retryablehttp.NewClient().StandardClient() (or
// a *retryablehttp.Client's StandardClient()) in c.HTTPClient, sends
// through c.HTTPClient.Do(req) or through a helper handed the field
// (DoRequestWithClient(ctx, c.HTTPClient, req) calling client.Do(req)).
// The field counts when every store into it in the package (outside
// _test.go files) is such a StandardClient, nil, or a parameter of the
// storing function (the caller's own client):
//
//	c.HTTPClient = retryableClient.StandardClient() // in New
//	...
//	req, err := s.client.NewRequest(ctx, http.MethodPost, "v2/droplets", in) // reported
//	_, err = s.client.Do(ctx, req, nil) // DoRequestWithClient(ctx, c.HTTPClient, req)
//
// A field that some store fills with another client (&http.Client{...},
// http.DefaultClient) may not retry: a send through it is not reported.
//
// Headers copied from a client-wide map (for k, v := range c.headers {
// req.Header.Set(k, v) } in a method of the client, the map a field
// reached from the receiver, of a struct that holds the *http.Client it
// sends with) are the same on every request: none of them is a
// per-request key, and the request stays known. Headers named by a map
// the call is handed (a parameter, a field of the call's options, a
// request builder's map) or by a value computed here may set the key.
//
// A request handed to a func value or an interface method only after it
// was sent, and never before a send again (a completion callback:
// c.onRequestCompleted(req, resp) after the Do), stays known: that code can
// no longer put a key on what was sent.
//
// A helper whose fact says it sets a key (transport.SendIdempotent
// deriving one from the body) makes the request safe, as a key set here
// does. A helper without a fact, or whose fact leaves the parameter out
// because the helper hands the request to code it cannot see, makes the
// request unknown, and it is not reported.
//
// Not reported: GET, HEAD, PUT, DELETE and OPTIONS, which are idempotent
// (RFC 9110); a method held in a variable that no constant reaches (a
// constructor helper called with its caller's method parameter, or one
// that assigns its method parameter, builds with another method too, or
// sets or may set a key); a request handed to a func value or an
// interface method before it is sent, to a function without a RequestFact, stored,
// or whose Header is replaced or set under a computed name (that code
// may set the key); a request that arrives as a parameter;
// a POST outside any retry scope; a token request (the function that
// builds it spells a grant_type parameter or a URL ending in /token: an
// OAuth token endpoint, where a retry mints at most a second token; POST
// /api/tokens, which creates a record, stays reported); a POST that
// reads (the function spells a URL path whose last segment starts with
// search, validate, lookup, detect, preview, estimate or propose: a query or a check sent as a
// body, which a repeat applies nothing of); a POST in a _test.go file, where retries
// ride out flakes of a test server and a duplicate costs nothing. A request id header does not make a
// POST safe to retry: only a key the server deduplicates on does.
//
// Settings and facts: -idemkeyperseries.keyheaders replaces the key header names;
// -idemkeyperseries.keyfields adds name fragments; -retryscope.retryfuncs
// names more retry helpers. The analyzer exports FreshKeyFact
// ("returnsfreshkey(0)") for functions that return a fresh value on every
// call, PutsKeyFact ("putsfreshkey <sink>") for functions that put
// one into a sink, and RequestFact ("request(2:sends+retries)": argument
// index, a method's receiver being 0, and what happens to the request
// there: sends, retries, setskey, returns, or none) for exported
// functions that take a request and call Do, RoundTrip, a Header method
// or a function that does, so helpers in one package count in another,
// and BuildsRequestFact ("buildsrequest(method=1)": the argument index of
// the method) for exported constructor helpers that build a request with
// the method they are passed and set no key on it. It builds
// SSA only for a package that calls a generator (or a function with one of
// the facts) inside a retry scope or in a function that may return or set
// a key, that builds a POST next to a retry scope or in a package that
// imports helpers with facts, or that exports such a request helper;
// other packages cost one walk over their calls. Even then it builds SSA
// only for the functions it has a question about and the functions of
// the package they call, up to three calls deep (as deep as values and
// requests are followed); the rest of the package is not built, so a
// large package with a few key generators costs a few functions.
//
// Retry loops in function literals at package level (var send = func...)
// are checked like those in declared functions.
package idemkeyperseries
