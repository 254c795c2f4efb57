#pragma once
// Umbrella header of the public API.
#include "sqlroute/algorithm.h"
#include "sqlroute/engine.h"
#include "sqlroute/error.h"
#include "sqlroute/hints.h"
#include "sqlroute/merge.h"
#include "sqlroute/outline.h"
#include "sqlroute/plan.h"
#include "sqlroute/props.h"
#include "sqlroute/rule_set.h"
#include "sqlroute/session.h"
#include "sqlroute/value.h"
