package serve

import (
	"strconv"
	"sync"
	"time"
)

// Question is an open needs-clarification question: the readings offered,
// kept so a later request's `choice` can pick one (§6 outcome
// needs-clarification).
type Question struct {
	ID      string
	Caller  string
	Text    string
	Under   Understanding
	Choices map[string]Candidate
	Expires time.Time
}

// Questions keeps open questions per caller, bounded in number and in time:
// a caller with PerCaller open questions loses its oldest, a full store
// drops its oldest question, and a question older than TTL is gone. A
// caller can answer only its own questions.
type Questions struct {
	Max       int // all callers together; default 64
	PerCaller int // default 8
	TTL       time.Duration

	mu    sync.Mutex
	seq   uint64
	open  []*Question // oldest first
	drops uint64
}

// DefaultQuestionTTL is how long a question stays open.
const DefaultQuestionTTL = 5 * time.Minute

// Ask stores a question for caller and returns it with ids given to its
// choices, in the order of cands.
func (q *Questions) Ask(caller, text string, u Understanding, cands []Candidate, now time.Time) (*Question, []string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.expireLocked(now)
	q.seq++
	qq := &Question{ID: "q" + strconv.FormatUint(q.seq, 10), Caller: caller, Text: text, Under: u,
		Choices: map[string]Candidate{}, Expires: now.Add(q.ttl())}
	ids := make([]string, len(cands))
	for i, c := range cands {
		ids[i] = qq.ID + "-" + strconv.Itoa(i+1)
		qq.Choices[ids[i]] = c
	}
	per := q.PerCaller
	if per <= 0 {
		per = 8
	}
	mine := 0
	for _, o := range q.open {
		if o.Caller == caller {
			mine++
		}
	}
	for i := 0; mine >= per && i < len(q.open); {
		if q.open[i].Caller == caller {
			q.open = append(q.open[:i], q.open[i+1:]...)
			q.drops++
			mine--
			continue
		}
		i++
	}
	max := q.Max
	if max <= 0 {
		max = 64
	}
	for len(q.open) >= max {
		q.open = q.open[1:]
		q.drops++
	}
	q.open = append(q.open, qq)
	return qq, ids
}

// Take removes and returns the question whose choice id is choice, if the
// same caller asked it and it has not expired. A choice answers once.
func (q *Questions) Take(caller, choice string, now time.Time) (*Question, Candidate, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.expireLocked(now)
	for i, qq := range q.open {
		c, ok := qq.Choices[choice]
		if !ok || qq.Caller != caller {
			continue
		}
		q.open = append(q.open[:i], q.open[i+1:]...)
		return qq, c, true
	}
	return nil, Candidate{}, false
}

// Reset forgets every open question.
func (q *Questions) Reset() {
	q.mu.Lock()
	q.open = nil
	q.mu.Unlock()
}

// Len is the number of open questions.
func (q *Questions) Len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.open)
}

// Drops is how many questions were dropped because the store was full.
func (q *Questions) Drops() uint64 {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.drops
}

func (q *Questions) expireLocked(now time.Time) {
	keep := q.open[:0]
	for _, qq := range q.open {
		if now.Before(qq.Expires) {
			keep = append(keep, qq)
		}
	}
	for i := len(keep); i < len(q.open); i++ {
		q.open[i] = nil
	}
	q.open = keep
}

func (q *Questions) ttl() time.Duration {
	if q.TTL > 0 {
		return q.TTL
	}
	return DefaultQuestionTTL
}
