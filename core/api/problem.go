package api

import (
	"encoding/json"
	"fmt"
)

// Problem codes of decisions.md §3. Every error the Core or the simulator
// returns carries one of these in its problem+json "code".
const (
	CodeInvalidRequest    = "invalid-request"
	CodeNotFound          = "not-found"
	CodeMethodNotAllowed  = "method-not-allowed"
	CodeUnauthorized      = "unauthorized"
	CodeForbidden         = "forbidden"
	CodeCallerNotAllowed  = "caller-not-allowed"
	CodeAutonomyStopped   = "autonomy-stopped"
	CodeCannotUndo        = "cannot-undo"
	CodeOutOfRange        = "out-of-range"
	CodeConflict          = "conflict"
	CodeTimeout           = "timeout"
	CodeDeviceUnreachable = "device-unreachable"
	CodeDigestMismatch    = "digest-mismatch"
	CodeExpired           = "expired"
	CodeGuardFailed       = "guard-failed"
	CodePresenceRequired  = "presence-required"
	CodeTooLarge          = "too-large"
	CodeUnavailable       = "unavailable"
	CodeInternal          = "internal"
)

// ContentTypeProblem is the media type of every error body.
const ContentTypeProblem = "application/problem+json"

// ContentTypeJSON is the media type of every other body.
const ContentTypeJSON = "application/json"

// Problem is an RFC 9457 problem document with the HEART "code" member.
// Field names the input member at fault, when there is one.
type Problem struct {
	Type   string `json:"type"`
	Title  string `json:"title"`
	Status int    `json:"status"`
	Code   string `json:"code"`
	Detail string `json:"detail"`
	Field  string `json:"field,omitempty"`
}

// Error makes a Problem usable as a Go error, so code can return one from
// deep inside and the edge turns it into a response unchanged.
func (p *Problem) Error() string { return fmt.Sprintf("%d %s: %s", p.Status, p.Code, p.Detail) }

// NewProblem builds a Problem; detail is plain language for a person.
func NewProblem(status int, code, detail string) *Problem {
	return &Problem{Type: "https://heart.dev/problems/" + code, Title: statusTitle(status), Status: status, Code: code, Detail: detail}
}

// Problemf is NewProblem with a format string.
func Problemf(status int, code, format string, args ...any) *Problem {
	return NewProblem(status, code, fmt.Sprintf(format, args...))
}

// WithField names the input member the problem is about.
func (p *Problem) WithField(field string) *Problem { p.Field = field; return p }

// Response renders the problem as a problem+json response.
func (p *Problem) Response() *Response {
	body, _ := json.Marshal(p)
	return &Response{Status: p.Status, Header: Header{"content-type": ContentTypeProblem}, Body: body}
}

// ErrorResponse renders any error: a *Problem as itself, anything else as a
// 500 internal problem that does not leak the error's text.
func ErrorResponse(err error) *Response {
	if p, ok := err.(*Problem); ok {
		return p.Response()
	}
	return NewProblem(500, CodeInternal, "The request could not be completed.").Response()
}

// ParseProblem reads a problem+json body; ok is false when the body is not one.
func ParseProblem(resp *Response) (*Problem, bool) {
	if resp == nil || resp.Status < 400 {
		return nil, false
	}
	var p Problem
	if json.Unmarshal(resp.Body, &p) != nil || p.Code == "" {
		return nil, false
	}
	return &p, true
}

func statusTitle(status int) string {
	switch status {
	case 400:
		return "Bad Request"
	case 401:
		return "Unauthorized"
	case 403:
		return "Forbidden"
	case 404:
		return "Not Found"
	case 405:
		return "Method Not Allowed"
	case 409:
		return "Conflict"
	case 413:
		return "Content Too Large"
	case 422:
		return "Unprocessable Content"
	case 502:
		return "Bad Gateway"
	case 503:
		return "Service Unavailable"
	case 504:
		return "Gateway Timeout"
	default:
		if status >= 500 {
			return "Internal Server Error"
		}
		return "Error"
	}
}
