"""Drives aiolinkding (PyPI) against a linkding-compatible server.

Environment: LINKDING_URL, LINKDING_TOKEN. Prints one JSON object with the ids and values it saw; exits 1 with a
{"failed": ...} line when the server does not behave as linkding does.
"""
import asyncio
import json
import os
import sys

from aiolinkding import async_get_client
import aiolinkding.client as aiolinkding_client

# Each request gets 60 s instead of aiolinkding's 10: on 2 cores shared with the rest of the suite the server in the
# test process can take longer to be scheduled (the behaviour under test is unchanged).
aiolinkding_client.DEFAULT_REQUEST_TIMEOUT = 60
from aiolinkding.errors import InvalidTokenError, UnknownEndpointError


def check(condition, message):
    if not condition:
        print(json.dumps({"failed": message}))
        sys.exit(1)


async def main():
    url = os.environ["LINKDING_URL"]
    token = os.environ["LINKDING_TOKEN"]
    seen = {}

    # async_get_client checks /health and the server version (>= 1.22.0).
    client = await async_get_client(url, token)

    created = await client.bookmarks.async_create(
        "https://example.com/aiolinkding", title="From aiolinkding", description="async client",
        notes="some *notes*", tag_names=["compat", "python"], unread=True)
    bookmark_id = created["id"]
    check(created["title"] == "From aiolinkding", f"create: {created}")
    check(created["tag_names"] == ["compat", "python"], f"create tags: {created['tag_names']}")
    check(created["unread"] is True, "create: unread")
    seen["created"] = bookmark_id

    await client.bookmarks.async_create("https://example.com/other", title="Other", tag_names=["other"])

    found = await client.bookmarks.async_get_all(query="#compat")
    check(found["count"] == 1 and found["results"][0]["id"] == bookmark_id, f"search #compat: {found}")
    everything = await client.bookmarks.async_get_all(limit=1)
    check(everything["count"] == 2 and len(everything["results"]) == 1 and everything["next"], f"limit: {everything}")
    seen["next"] = everything["next"]

    # aiolinkding's update sends unread=False and shared=False unless told otherwise (its flaw, observed here).
    updated = await client.bookmarks.async_update(bookmark_id, title="Renamed", tag_names=["compat", "edited"])
    check(updated["title"] == "Renamed", f"update: {updated}")
    check(updated["tag_names"] == ["compat", "edited"], f"update tags: {updated['tag_names']}")
    check(updated["notes"] == "some *notes*", "update keeps notes")
    seen["unread_after_update"] = updated["unread"]

    await client.bookmarks.async_archive(bookmark_id)
    archived = await client.bookmarks.async_get_archived(query="#compat")
    check([b["id"] for b in archived["results"]] == [bookmark_id], f"archived: {archived}")
    active = await client.bookmarks.async_get_all(query="#compat")
    check(active["count"] == 0, f"archived bookmark still listed: {active}")
    await client.bookmarks.async_unarchive(bookmark_id)
    single = await client.bookmarks.async_get_single(bookmark_id)
    check(single["is_archived"] is False, f"unarchive: {single}")

    tags = await client.tags.async_get_all()
    names = [tag["name"] for tag in tags["results"]]
    check({"compat", "python", "edited", "other"} <= set(names), f"tags: {names}")
    first = await client.tags.async_get_single(tags["results"][0]["id"])
    check(first["name"] == names[0], f"tag: {first}")
    seen["tags"] = names

    profile = await client.user.async_get_profile()
    check(profile["version"] == "1.46.2" and profile["tag_search"] in ("strict", "lax"), f"profile: {profile}")

    await client.bookmarks.async_delete(bookmark_id)
    try:
        await client.bookmarks.async_get_single(bookmark_id)
        check(False, "a deleted bookmark is still there")
    except UnknownEndpointError:
        seen["deleted"] = True

    try:
        bad = await async_get_client(url, "0" * 40)
        await bad.bookmarks.async_get_all()
        check(False, "a wrong token was accepted")
    except InvalidTokenError:
        seen["wrong_token_refused"] = True

    print(json.dumps({"ok": True, **seen}))


asyncio.run(main())
