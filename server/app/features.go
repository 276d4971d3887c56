package app

import (
	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/server/auth"
	"github.com/pocket-companion/pocket/server/recordings"
	"github.com/pocket-companion/pocket/server/seed"
	"github.com/pocket-companion/pocket/server/share"
)

// Features are the provider API's feature modules.
var Features = fx.Options(
	auth.Module,
	recordings.Module,
	share.Module,
	seed.Module,
)
