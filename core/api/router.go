package api

import (
	"context"
	"net/url"
	"sort"
	"strings"
)

// Params are the values of a route's {placeholders}, already path-unescaped.
type Params map[string]string

// RouteFunc serves one matched route.
type RouteFunc func(ctx context.Context, req *Request, p Params) *Response

// Router maps method and path templates ("/heart/v1/actions/{id}/approve")
// to functions. One router type serves the simulator and the Core, so both
// answer unknown paths (404) and wrong methods (405) the same way.
type Router struct {
	routes []route
}

type route struct {
	method      string
	segments    []string
	operationID string
	fn          RouteFunc
}

// Handle registers fn for method and template. operationID names the HEART
// operation, so callers can ask which operation a request is (Match).
func (r *Router) Handle(method, template, operationID string, fn RouteFunc) {
	r.routes = append(r.routes, route{method: strings.ToUpper(method), segments: split(template), operationID: operationID, fn: fn})
	// Literal segments win over placeholders: "/alerts/mute" before "/alerts/{id}".
	sort.SliceStable(r.routes, func(i, j int) bool { return literalScore(r.routes[i].segments) > literalScore(r.routes[j].segments) })
}

// Match finds the route for a method and path. found is false when no
// template fits the path; methodOK is false when one fits but not the method.
func (r *Router) Match(method, path string) (operationID string, p Params, fn RouteFunc, found, methodOK bool) {
	segs := split(path)
	for _, rt := range r.routes {
		params, ok := matchSegments(rt.segments, segs)
		if !ok {
			continue
		}
		found = true
		if rt.method == strings.ToUpper(method) {
			return rt.operationID, params, rt.fn, true, true
		}
	}
	return "", nil, nil, found, false
}

// Serve dispatches req, answering 404 or 405 problems itself.
func (r *Router) Serve(ctx context.Context, req *Request) *Response {
	_, p, fn, found, methodOK := r.Match(req.Method, req.Path)
	switch {
	case !found:
		return Problemf(404, CodeNotFound, "There is no %s here.", req.Path).Response()
	case !methodOK:
		return Problemf(405, CodeMethodNotAllowed, "%s is not allowed on %s.", req.Method, req.Path).Response()
	}
	return fn(ctx, req, p)
}

func split(path string) []string {
	path = strings.Trim(path, "/")
	if path == "" {
		return nil
	}
	return strings.Split(path, "/")
}

func literalScore(segs []string) int {
	n := 0
	for _, s := range segs {
		if !strings.HasPrefix(s, "{") {
			n++
		}
	}
	return n
}

func matchSegments(tmpl, segs []string) (Params, bool) {
	if len(tmpl) != len(segs) {
		return nil, false
	}
	var p Params
	for i, t := range tmpl {
		if strings.HasPrefix(t, "{") && strings.HasSuffix(t, "}") {
			v, err := url.PathUnescape(segs[i])
			if err != nil || v == "" {
				return nil, false
			}
			if p == nil {
				p = Params{}
			}
			p[t[1:len(t)-1]] = v
			continue
		}
		if t != segs[i] {
			return nil, false
		}
	}
	return p, true
}
