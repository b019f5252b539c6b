// Package device is how the Core calls the device (decisions.md §1, "How the
// Core calls the device"): always through the HEART API, with the Core's own
// token, Heart-Initiator and Heart-On-Behalf-Of on every call made for
// someone, an Idempotency-Key on every non-read call, and a timeout on every
// call (HEART Core §9 rule 7).
package device

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/heart-core/heart-web/core/api"
)

// DefaultTimeout bounds each device call when the caller's context has none sooner.
const DefaultTimeout = 5 * time.Second

// Client calls one device.
type Client struct {
	Transport api.Transport
	// Token is the Core's own token (kind ai). Empty: calls carry no
	// Authorization and the Transport adds its own (the browser's fetch
	// Link holds the token the page's init or worker URL gave).
	Token   string
	Timeout time.Duration
	// KeyPrefix makes idempotency keys unique across Core restarts; the host
	// supplies it from its randomness (the Core has none of its own).
	KeyPrefix string
	seq       atomic.Uint64
}

// On says for whom and as what a call is made.
type On struct {
	Initiator  string // "ai" or "rule"; empty for the Core's own reads
	OnBehalfOf string // the caller's token name
	RuleID     string
	// Serve marks calls made for /serve, which never use the allowlist
	// (§6.2): the device holds every non-read Action for a person.
	Serve bool
	// IdempotencyKey overrides the generated key (a restarted Core repeats
	// the key it stored, so the device answers the first result).
	IdempotencyKey string
}

// Do sends one call and returns the device's response. An error means the
// device was not reached; it is a *api.Problem (503 device-unreachable or
// 504 timeout) so it can be answered as it is.
func (c *Client) Do(ctx context.Context, method, target string, body any, on On) (*api.Response, error) {
	var raw []byte
	if body != nil {
		var err error
		if raw, err = json.Marshal(body); err != nil {
			return nil, api.NewProblem(400, api.CodeInvalidRequest, "The request could not be encoded.")
		}
	}
	req := api.NewRequest(method, target, raw)
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	if raw != nil {
		req.Header.Set("Content-Type", api.ContentTypeJSON)
	}
	if on.Initiator != "" {
		req.Header.Set("Heart-Initiator", on.Initiator)
	}
	if on.OnBehalfOf != "" {
		req.Header.Set("Heart-On-Behalf-Of", on.OnBehalfOf)
	}
	if on.RuleID != "" {
		req.Header.Set("Heart-Rule-Id", on.RuleID)
	}
	if on.Serve {
		req.Header.Set("Heart-Serve", "1")
	}
	if req.Method != "GET" {
		key := on.IdempotencyKey
		if key == "" {
			key = c.KeyPrefix + "-" + strconv.FormatUint(c.seq.Add(1), 10)
		}
		req.Header.Set("Idempotency-Key", key)
	}
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	resp, err := c.Transport.RoundTrip(ctx, req)
	if err != nil {
		if ctx.Err() == context.DeadlineExceeded {
			return nil, api.Problemf(504, api.CodeTimeout, "The device did not answer %s %s in time.", method, req.Path)
		}
		return nil, api.Problemf(503, api.CodeDeviceUnreachable, "The device could not be reached: %v.", err)
	}
	return resp, nil
}

// GetJSON reads a resource as the Core itself and decodes it into v. A
// problem answer from the device comes back as that *api.Problem.
func (c *Client) GetJSON(ctx context.Context, target string, v any) error {
	resp, err := c.Do(ctx, "GET", target, nil, On{})
	if err != nil {
		return err
	}
	return Decode(resp, v)
}

// Get returns the body of a successful read (sysmap.Reader).
func (c *Client) Get(ctx context.Context, target string) ([]byte, error) {
	resp, err := c.Do(ctx, "GET", target, nil, On{})
	if err != nil {
		return nil, err
	}
	if resp.Status != 200 {
		return nil, asProblem(resp)
	}
	return resp.Body, nil
}

// Decode reads a 2xx JSON body into v, or returns the device's problem.
func Decode(resp *api.Response, v any) error {
	if resp.Status < 200 || resp.Status > 299 {
		return asProblem(resp)
	}
	if v == nil {
		return nil
	}
	if err := json.Unmarshal(resp.Body, v); err != nil {
		return api.Problemf(502, api.CodeDeviceUnreachable, "The device answered with a body the Core cannot read: %v.", err)
	}
	return nil
}

func asProblem(resp *api.Response) *api.Problem {
	if p, ok := api.ParseProblem(resp); ok {
		return p
	}
	return api.NewProblem(502, api.CodeDeviceUnreachable, fmt.Sprintf("The device answered %d without a problem document.", resp.Status))
}
