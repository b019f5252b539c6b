package core

import (
	"context"

	"github.com/heart-core/heart-web/core/api"
	"github.com/heart-core/heart-web/core/recall"
	"github.com/heart-core/heart-web/index"
)

// The Core's knowledge packages (decisions.md §1: the Core owns them): the
// Index it ships and the Recall tier's phrase package. This Core installs
// no others (postCoreUpdate is serve: no and not offered), so there is
// never an earlier package to roll back to.

// corePackages lists the installed packages, all active.
func corePackages() []map[string]any {
	version := ""
	if idx, err := index.Load(); err == nil {
		version = idx.Version
	}
	return []map[string]any{
		{"id": "api-index-" + version, "kind": "index", "version": version, "active": true},
		{"id": "recall-phrases-" + recall.PhrasesVersion(), "kind": "phrases", "version": recall.PhrasesVersion(), "active": true},
	}
}

// getCoreUpdates is GET /heart/v1/core/updates.
func (c *Core) getCoreUpdates(ctx context.Context, req *api.Request, _ api.Params) *api.Response {
	if _, deny := c.caller(ctx, req, "heart.read"); deny != nil {
		return deny
	}
	return api.JSON(200, map[string]any{"packages": corePackages()})
}

// detailNoEarlierPackage keys postCoreUpdateRollback's refusal (explain
// templates.json, coreDetails).
const detailNoEarlierPackage = "no-earlier-package"

// postCoreUpdateRollback is POST /heart/v1/core/updates/rollback: with only
// the built-in packages installed it changes nothing and says why (in
// English here; /serve says it in the request's language).
func (c *Core) postCoreUpdateRollback(ctx context.Context, req *api.Request, _ api.Params) *api.Response {
	if _, deny := c.caller(ctx, req, "heart.admin"); deny != nil {
		return deny
	}
	return api.NewProblem(409, api.CodeConflict, c.templates.CoreDetail(detailNoEarlierPackage)).Response()
}
