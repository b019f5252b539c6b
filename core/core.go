// Package core is the HEART Core: one Handler (decisions.md §1) that serves the
// Core's own endpoints and forwards every other /heart/v1 call to the device
// through its Transport. It has no I/O of its own: clock, transport, storage
// and randomness are injected through Config.
package core

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/brain"
	"github.com/heart-core/heart-web/core/clock"
	"github.com/heart-core/heart-web/core/device"
	"github.com/heart-core/heart-web/core/explain"
	"github.com/heart-core/heart-web/core/serve"
	"github.com/heart-core/heart-web/core/sysmap"
	"github.com/heart-core/heart-web/core/valve"
	"github.com/heart-core/heart-web/index"
)

// Config is everything the Core needs from its host.
type Config struct {
	// Device reaches the device's HEART API. Nil means no device yet: calls
	// that need one answer 503 device-unreachable.
	Device api.Transport
	// DeviceToken is the Core's own token on the device (kind ai).
	DeviceToken string
	Clock       clock.Clock
	// InstanceID makes idempotency keys unique per Core start; the host
	// draws it from its randomness.
	InstanceID string
	Limits     Limits
}

// Limits are the Core's configured ceilings (§9 rule 4), reported by GET /core.
type Limits struct {
	MaxRequestBytes   int           `json:"maxRequestBytes"`
	MaxTextRunes      int           `json:"maxTextRunes"`
	DeviceTimeout     time.Duration `json:"-"`
	DeviceTimeoutMS   int64         `json:"deviceTimeoutMs"`
	MapCheckInterval  time.Duration `json:"-"`
	PendingQuestions  int           `json:"pendingQuestions"`
	CallerCacheTokens int           `json:"callerCacheTokens"`
}

func (l Limits) withDefaults() Limits {
	if l.MaxRequestBytes <= 0 {
		l.MaxRequestBytes = 64 << 10
	}
	if l.MaxTextRunes <= 0 {
		l.MaxTextRunes = 2000
	}
	if l.DeviceTimeout <= 0 {
		l.DeviceTimeout = device.DefaultTimeout
	}
	l.DeviceTimeoutMS = l.DeviceTimeout.Milliseconds()
	if l.MapCheckInterval <= 0 {
		l.MapCheckInterval = 2 * time.Second
	}
	if l.PendingQuestions <= 0 {
		l.PendingQuestions = 64
	}
	if l.CallerCacheTokens <= 0 {
		l.CallerCacheTokens = 256
	}
	return l
}

// Core is the running Core. It implements api.Handler.
type Core struct {
	cfg     Config
	limits  Limits
	router  api.Router
	index   *index.Index
	dev     *device.Client
	callers *device.Callers
	maps    mapState
	valve   *valve.Valve
	brain   *brain.Brain

	tier      tierState
	questions serve.Questions
	templates explain.Templates

	mu       sync.Mutex
	counters Counters
}

// Counters are what GET /core reports about the Core's own work.
type Counters struct {
	Requests      uint64 `json:"requests"`
	Served        uint64 `json:"served"`
	Forwarded     uint64 `json:"forwarded"`
	DeviceErrors  uint64 `json:"deviceErrors"`
	MapBuilds     uint64 `json:"mapBuilds"`
	QuestionDrops uint64 `json:"questionDrops"`
}

// New builds a Core from cfg. The Index is embedded at build time and tested,
// so a broken one is a build defect: New panics rather than serve without it.
func New(cfg Config) *Core {
	if cfg.Clock == nil {
		cfg.Clock = clock.Real{}
	}
	idx, err := index.Load()
	if err != nil {
		panic(err)
	}
	c := &Core{cfg: cfg, limits: cfg.Limits.withDefaults(), index: idx, templates: explain.Load(), valve: valve.New(cfg.Clock.Now),
		brain: brain.New(brainLimits(sysmap.Card{}))}
	c.questions.Max = c.limits.PendingQuestions
	if cfg.Device != nil {
		c.dev = &device.Client{Transport: cfg.Device, Token: cfg.DeviceToken, Timeout: c.limits.DeviceTimeout, KeyPrefix: "core-" + cfg.InstanceID}
		c.callers = &device.Callers{Transport: cfg.Device, Now: cfg.Clock.Now, Max: c.limits.CallerCacheTokens}
	}
	c.routes()
	return c
}

// Serve answers one request: the Core's own operations here, the rest forwarded.
func (c *Core) Serve(ctx context.Context, req *api.Request) *api.Response {
	c.count(func(k *Counters) { k.Requests++ })
	if len(req.Body) > c.limits.MaxRequestBytes {
		return api.Problemf(413, api.CodeTooLarge, "The body is larger than %d bytes.", c.limits.MaxRequestBytes).Response()
	}
	c.checkBrain(ctx)
	if _, _, fn, found, methodOK := c.router.Match(req.Method, req.Path); found && methodOK {
		return fn(ctx, req, c.params(req))
	}
	if strings.HasPrefix(req.Path, "/heart/v1/") || req.Path == "/heart/v1" {
		return c.forward(ctx, req)
	}
	return api.Problemf(404, api.CodeNotFound, "There is no %s here.", req.Path).Response()
}

func (c *Core) params(req *api.Request) api.Params {
	_, p, _, _, _ := c.router.Match(req.Method, req.Path)
	return p
}

func (c *Core) count(f func(*Counters)) {
	c.mu.Lock()
	f(&c.counters)
	c.mu.Unlock()
}

// caller checks the request's bearer token with the device and that it holds scope.
func (c *Core) caller(ctx context.Context, req *api.Request, scope string) (device.Caller, *api.Response) {
	if c.callers == nil {
		return device.Caller{}, noDevice().Response()
	}
	who, err := c.callers.Lookup(ctx, req.Bearer())
	if err != nil {
		return device.Caller{}, api.ErrorResponse(err)
	}
	if scope != "" && !who.Has(scope) {
		return device.Caller{}, api.Problemf(403, api.CodeCallerNotAllowed, "This needs the %s scope, which %s does not hold.", scope, who.Name).Response()
	}
	return who, nil
}

func noDevice() *api.Problem {
	return api.NewProblem(503, api.CodeDeviceUnreachable, "The Core has no device to reach yet.")
}
