package sim

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"

	"github.com/heart-core/heart-web/core/api"
)

// Bounds of the event bus: how many subscribers, and how many undelivered
// events each may hold before the oldest non-critical ones are dropped.
const (
	maxSubscribers = 16
	subscriberBuf  = 256
)

// bus fans events out to subscribers, each with a bounded queue, so one slow
// reader never blocks the device or the others (decisions.md §1 "Events").
type bus struct {
	mu      sync.Mutex
	subs    map[*subscriber]struct{}
	dropped atomic.Int64
}

type queued struct {
	ev       api.Event
	critical bool
}

type subscriber struct {
	mu    sync.Mutex
	q     []queued
	ready chan struct{} // one token: something is queued
}

func newBus() *bus { return &bus{subs: map[*subscriber]struct{}{}} }

// publish queues ev for every subscriber without blocking. A full queue
// drops its oldest non-critical event (or, if all are critical, its oldest)
// and the drop is counted.
func (b *bus) publish(typ string, data any, critical bool) {
	raw, err := json.Marshal(data)
	if err != nil {
		return
	}
	ev := api.Event{Type: typ, Data: raw}
	b.mu.Lock()
	defer b.mu.Unlock()
	for s := range b.subs {
		s.mu.Lock()
		if len(s.q) >= subscriberBuf {
			drop := 0
			for i, x := range s.q {
				if !x.critical {
					drop = i
					break
				}
			}
			s.q = append(s.q[:drop], s.q[drop+1:]...)
			b.dropped.Add(1)
		}
		s.q = append(s.q, queued{ev, critical})
		s.mu.Unlock()
		select {
		case s.ready <- struct{}{}:
		default:
		}
	}
}

// Subscribe implements api.EventSource: the channel closes when ctx ends.
func (b *bus) subscribe(ctx context.Context) (<-chan api.Event, error) {
	b.mu.Lock()
	if len(b.subs) >= maxSubscribers {
		b.mu.Unlock()
		return nil, api.Problemf(503, api.CodeUnavailable, "%d event subscribers are connected; no more are accepted.", maxSubscribers)
	}
	s := &subscriber{ready: make(chan struct{}, 1)}
	b.subs[s] = struct{}{}
	b.mu.Unlock()
	out := make(chan api.Event)
	go func() {
		defer close(out)
		defer func() { b.mu.Lock(); delete(b.subs, s); b.mu.Unlock() }()
		for {
			s.mu.Lock()
			if len(s.q) == 0 {
				s.mu.Unlock()
				select {
				case <-ctx.Done():
					return
				case <-s.ready:
				}
				continue
			}
			next := s.q[0]
			s.q = s.q[1:]
			s.mu.Unlock()
			select {
			case <-ctx.Done():
				return
			case out <- next.ev:
			}
		}
	}()
	return out, nil
}

// Dropped counts events lost to slow subscribers since the Sim started.
func (s *Sim) Dropped() int64 { return s.bus.dropped.Load() }

// Subscribe implements api.EventSource.
func (s *Sim) Subscribe(ctx context.Context) (<-chan api.Event, error) { return s.bus.subscribe(ctx) }
