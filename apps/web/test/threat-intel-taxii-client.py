"""Drives Brandwarden's TAXII 2.1 server with the OASIS TAXII 2.1 client (cti-taxii-client, vendored
under third_party/) and prints what it read as one JSON document for the integration test.

Usage: threat-intel-taxii-client.py <discovery url> <api token> <another user's collection id>
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "third_party", "taxii2client"))

from requests.exceptions import HTTPError  # noqa: E402
from taxii2client.v21 import Collection, Server, as_pages  # noqa: E402

discovery_url, token, other_collection = sys.argv[1], sys.argv[2], sys.argv[3]
out = {}

# TAXII clients send HTTP Basic; the password is the API token, the user name anything.
server = Server(discovery_url, user="soc-analyst", password=token)
out["title"] = server.title
out["api_roots"] = [root.url for root in server.api_roots]
root = server.default
out["versions"] = root.versions
collections = root.collections
out["collections"] = [
    {"id": c.id, "alias": c.alias, "can_read": c.can_read, "can_write": c.can_write} for c in collections
]
collection = collections[0]

everything = collection.get_objects()
out["all"] = everything["objects"]

pages = [page for page in as_pages(collection.get_objects, per_request=3)]
out["pages"] = [
    {"count": len(p.get("objects", [])), "more": p.get("more", False), "ids": [o["id"] for o in p.get("objects", [])]}
    for p in pages
]

newest = max(o.get("modified", "1970-01-01T00:00:00.000Z") for o in everything["objects"])
manifest = collection.get_manifest()
out["manifest"] = manifest["objects"]
first_added = min(r["date_added"] for r in manifest["objects"])
out["added_after_first"] = collection.get_objects(added_after=first_added).get("objects", [])
out["indicators"] = collection.get_objects(type="indicator")["objects"]

indicator_id = out["indicators"][0]["id"]
out["object"] = collection.get_object(indicator_id)["objects"]
out["object_versions"] = collection.object_versions(indicator_id)["versions"]

# Another user's collection: 404, as if it did not exist.
try:
    Collection(discovery_url.replace("/taxii2/", "/taxii2/brandwarden/collections/") + other_collection + "/",
               user="soc-analyst", password=token).refresh()
    out["other_collection"] = "readable"
except HTTPError as e:
    out["other_collection"] = e.response.status_code
    out["other_collection_error"] = e.response.json()

print(json.dumps(out))
