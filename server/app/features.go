package app

import (
	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/server/auth"
)

// Features are the provider API's feature modules.
var Features = fx.Options(
	auth.Module,
)
