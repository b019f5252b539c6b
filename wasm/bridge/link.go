package bridge

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"sync"

	"github.com/heart-core/heart-web/core/api"
)

// ErrNoDevice is the Link's answer before it has a device.
var ErrNoDevice = errors.New("no device configured (send an init message or open the worker with ?device=URL)")

// Link is the Core's device Transport in the worker. It exists before the
// device is known (the Core is built when Go starts; the device may come
// later in an init message) and can be pointed at another device without
// rebuilding the Core and losing its state.
type Link struct {
	mu sync.RWMutex
	t  api.Transport
}

// Set points the link at t (nil: no device).
func (l *Link) Set(t api.Transport) {
	l.mu.Lock()
	l.t = t
	l.mu.Unlock()
}

// RoundTrip forwards to the current transport.
func (l *Link) RoundTrip(ctx context.Context, req *api.Request) (*api.Response, error) {
	l.mu.RLock()
	t := l.t
	l.mu.RUnlock()
	if t == nil {
		return nil, ErrNoDevice
	}
	return t.RoundTrip(ctx, req)
}

// CheckDeviceURL accepts only an absolute http or https base URL without
// query or fragment, so a typo fails at init and not at the first call.
func CheckDeviceURL(s string) error {
	u, err := url.Parse(s)
	if err != nil {
		return fmt.Errorf("device %q is not a URL", s)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return fmt.Errorf("device %q must be an http(s) base URL such as http://127.0.0.1:8081", s)
	}
	return nil
}

// DeviceFromQuery reads the device and token from a worker URL's query
// ("?device=http://127.0.0.1:8081&token=demo-core"). Empty device: none given.
func DeviceFromQuery(search string) (device, token string, err error) {
	if len(search) > 0 && search[0] == '?' {
		search = search[1:]
	}
	q, err := url.ParseQuery(search)
	if err != nil {
		return "", "", fmt.Errorf("worker URL query: %w", err)
	}
	device, token = q.Get("device"), q.Get("token")
	if device == "" {
		return "", "", nil
	}
	return device, token, CheckDeviceURL(device)
}
