"""Tooling around the engine: what the command line (``python3 -m sqlroute``) runs.

:mod:`~sqlroute.tools.lint` (rules that load but route badly), :mod:`~sqlroute.tools.analysis`
with its advisor (:mod:`~sqlroute.tools.advisor`, over candidate rule sets from
:mod:`~sqlroute.tools.rule_edits`), the what-if :mod:`~sqlroute.tools.compare`, and their text and
HTML reports (:mod:`~sqlroute.tools.report`, :mod:`~sqlroute.tools.html_report`),
:mod:`~sqlroute.tools.distribution` (how values spread over data nodes), and the inputs they read:
:mod:`~sqlroute.tools.workload`, :mod:`~sqlroute.tools.statement_file` and
:mod:`~sqlroute.tools.rule_files`. ``import sqlroute`` is the product API and loads none of them.
"""
