"""Loads a MISP event (JSON on stdin) with the vendored PyMISP and prints what PyMISP made of it.

Used by apps/web/test/misp-pymisp.int.test.ts. PyMISP raises on an attribute type or category it
does not know, a bad distribution or an unreadable datetime; here each object must also match its
template (uuid and version) and pass PyMISP's template validation (required, requiredOneOf,
multiple).
"""
import json
import logging
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

warnings = []


class Collect(logging.Handler):
    def emit(self, record):
        warnings.append(record.getMessage())


logging.getLogger("pymisp").addHandler(Collect(level=logging.WARNING))

from pymisp import MISPEvent  # noqa: E402

event = MISPEvent()
event.load(sys.stdin.read())
objects = []
for o in event.objects:
    objects.append({
        "name": o.name,
        "uuid": o.uuid,
        "known_template": o._known_template,
        "valid": o._validate(),
        "references": [{"referenced_uuid": r.referenced_uuid, "relationship_type": r.relationship_type}
                       for r in o.references],
        "attributes": [{"relation": a.object_relation, "type": a.type, "category": a.category,
                        "value": str(a.value), "to_ids": a.to_ids,
                        "data": bool(getattr(a, "data", None)),
                        "tags": [t.name for t in a.tags]} for a in o.attributes],
    })
print(json.dumps({
    "uuid": event.uuid,
    "info": event.info,
    "date": event.date.isoformat(),
    "timestamp": int(event.timestamp.timestamp()),
    "threat_level_id": event.threat_level_id,
    "analysis": event.analysis,
    "distribution": event.distribution,
    "published": event.published,
    "tags": [t.name for t in event.tags],
    "attributes": [{"type": a.type, "category": a.category, "value": a.value} for a in event.attributes],
    "objects": objects,
    "warnings": warnings,
}))
