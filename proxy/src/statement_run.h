#pragma once
// One routed statement from its pooled connections to its answer, on the client's I/O thread:
// its units run at once over the connections of their data sources and are merged, or their
// rows are streamed to the RowSink: one unit's as they come, a SELECT whose units each have a
// connection of their own through the engine's MergeFeed (merged_stream.h).
#include <memory>

#include "statement_executor.h"

namespace sqlroute::proxy {

// Runs the units of the statement routed into `state.plan`; `done` gets the answer.
void RunRoutedStatement(std::shared_ptr<LogicDatabase> database, ConnectionState& state, RowSink* sink,
                        StatementDone done);

StatementResult FromBackendError(const BackendError& error);
StatementResult FromEngineError(const Error& error);

}  // namespace sqlroute::proxy
