package templates

import (
	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
)

// CheckIn answers whether uid may name template id (a folder's summary
// template): a built-in or one of uid's own, read in x so a folder never
// names a template that is being deleted. Another user's id is unknown.
func CheckIn(x *store.Txn, uid, id string) error {
	if _, ok := builtin(id); ok {
		return nil
	}
	has := false
	var err error
	if id != "" {
		has, err = x.Has(key(uid, id))
	}
	if err == nil && !has {
		return apperr.Newf(apperr.Invalid, "UNKNOWN_TEMPLATE",
			"No summary template with id %q: choose one that GET /api/v1/templates lists", id)
	}
	return err
}

// OnDelete runs fn in the transaction that deletes one of a user's
// templates: the folders naming it stop naming it there (server/templates
// wires pkg/recordings' ClearFolderTemplateIn), so no folder is left
// pointing at a template that is gone.
func (s *Store) OnDelete(fn func(x *store.Txn, uid, id string) error) { s.onDelete = fn }
