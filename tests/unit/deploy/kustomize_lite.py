"""A tiny, pure-Python subset of `kustomize build`, enough for deploy/k8s and nothing more.

Supported: `resources` (files and directories), `namespace`, `images`, `configMapGenerator` and
`secretGenerator` (`files`, `envs`, `literals`, `options.labels`), `patches` from files: RFC 6902 lists
(add/replace/remove, with a `target` of kind/name/labelSelector) and strategic-merge patches that contain
no lists (a plain recursive merge, which is what kustomize does for list-free patches).
Anything else raises, so the manifests cannot silently outgrow this renderer.

Unlike kustomize, generated names get no content-hash suffix (compare modulo the hash).
"""

from __future__ import annotations

import base64
import copy
from pathlib import Path
from typing import Any

import yaml

SUPPORTED_KEYS = {
    "apiVersion",
    "kind",
    "resources",
    "namespace",
    "images",
    "patches",
    "configMapGenerator",
    "secretGenerator",
}
CLUSTER_SCOPED = {
    "Namespace",
    "ClusterRole",
    "ClusterRoleBinding",
    "CustomResourceDefinition",
    "PersistentVolume",
    "StorageClass",
    "IngressClass",
}


def build(path: Path) -> list[dict[str, Any]]:
    k = yaml.safe_load((path / "kustomization.yaml").read_text())
    unknown = set(k) - SUPPORTED_KEYS
    if unknown:
        raise NotImplementedError(f"{path}: kustomize_lite does not support {sorted(unknown)}")
    out: list[dict[str, Any]] = []
    for entry in k.get("resources", []):
        target = path / entry
        if target.is_dir():
            out += build(target)
        else:
            out += [doc for doc in yaml.safe_load_all(target.read_text()) if doc]
    for gen in k.get("configMapGenerator", []):
        out.append(_generate("ConfigMap", gen, path))
    for gen in k.get("secretGenerator", []):
        out.append(_generate("Secret", gen, path))
    for patch in k.get("patches", []):
        _apply_patch(out, patch, path)
    for image in k.get("images", []):
        _set_image(out, image)
    if "namespace" in k:
        for res in out:
            if res["kind"] == "Namespace":
                res["metadata"]["name"] = k["namespace"]
            elif res["kind"] not in CLUSTER_SCOPED:
                res["metadata"]["namespace"] = k["namespace"]
    return out


def _generate(kind: str, gen: dict[str, Any], base: Path) -> dict[str, Any]:
    unknown = set(gen) - {"name", "files", "envs", "literals", "options"}
    if unknown or set(gen.get("options", {})) - {"labels"}:
        raise NotImplementedError(f"generator {gen['name']}: {sorted(unknown)}")
    data: dict[str, str] = {}
    for f in gen.get("files", []):
        data[Path(f).name] = (base / f).read_text()
    for f in gen.get("envs", []):
        for line in (base / f).read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                key, _, value = line.partition("=")
                data[key] = value
    for lit in gen.get("literals", []):
        key, _, value = lit.partition("=")
        data[key] = value
    metadata: dict[str, Any] = {"name": gen["name"]}
    if gen.get("options", {}).get("labels"):
        metadata["labels"] = dict(gen["options"]["labels"])
    res: dict[str, Any] = {"apiVersion": "v1", "kind": kind, "metadata": metadata}
    if kind == "Secret":
        res["type"] = "Opaque"
        data = {k: base64.b64encode(v.encode()).decode() for k, v in data.items()}
    res["data"] = data
    return res


def _matches(res: dict[str, Any], target: dict[str, Any]) -> bool:
    unknown = set(target) - {"kind", "name", "labelSelector"}
    if unknown:
        raise NotImplementedError(f"patch target keys {sorted(unknown)}")
    if "kind" in target and res["kind"] != target["kind"]:
        return False
    if "name" in target and res["metadata"]["name"] != target["name"]:
        return False
    if "labelSelector" in target:
        labels = res["metadata"].get("labels", {})
        for term in target["labelSelector"].split(","):
            key, _, value = term.partition("=")
            if labels.get(key.strip()) != value.strip():
                return False
    return True


def _apply_patch(resources: list[dict[str, Any]], patch: dict[str, Any], base: Path) -> None:
    if set(patch) - {"path", "target"}:
        raise NotImplementedError(f"patch entry {patch}")
    body = yaml.safe_load((base / patch["path"]).read_text())
    if isinstance(body, list):  # RFC 6902
        targets = [r for r in resources if _matches(r, patch["target"])]
        if not targets:
            raise LookupError(f"patch {patch['path']}: no resource matches {patch['target']}")
        for res in targets:
            for op in body:
                _json_patch_op(res, op)
        return
    target = patch.get("target") or {"kind": body["kind"], "name": body["metadata"]["name"]}
    targets = [r for r in resources if _matches(r, target)]
    if not targets:
        raise LookupError(f"patch {patch['path']}: no resource matches {target}")
    for res in targets:
        _merge(res, {k: v for k, v in body.items() if k not in ("apiVersion", "kind")}, patch["path"])


def _merge(dst: dict[str, Any], src: dict[str, Any], where: str) -> None:
    for key, value in src.items():
        if isinstance(value, list):
            raise NotImplementedError(f"{where}: lists in strategic-merge patches need real kustomize")
        if isinstance(value, dict) and isinstance(dst.get(key), dict):
            _merge(dst[key], value, where)
        elif value is None:
            dst.pop(key, None)
        else:
            dst[key] = copy.deepcopy(value)


def _pointer(path: str) -> list[str]:
    return [p.replace("~1", "/").replace("~0", "~") for p in path.lstrip("/").split("/")]


def _json_patch_op(doc: dict[str, Any], op: dict[str, Any]) -> None:
    *parents, last = _pointer(op["path"])
    node: Any = doc
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    kind = op["op"]
    if isinstance(node, list):
        index = len(node) if last == "-" else int(last)
        if kind == "add":
            node.insert(index, copy.deepcopy(op["value"]))
        elif kind == "replace":
            node[index] = copy.deepcopy(op["value"])
        elif kind == "remove":
            del node[index]
        else:
            raise NotImplementedError(kind)
        return
    if kind == "add":
        node[last] = copy.deepcopy(op["value"])
    elif kind == "replace":
        if last not in node:
            raise KeyError(f"replace of missing {op['path']}")
        node[last] = copy.deepcopy(op["value"])
    elif kind == "remove":
        del node[last]
    else:
        raise NotImplementedError(kind)


def _set_image(resources: list[dict[str, Any]], image: dict[str, Any]) -> None:
    for res in resources:
        spec = res.get("spec", {}).get("template", {}).get("spec", {})
        for container in spec.get("containers", []) + spec.get("initContainers", []):
            name, _, _tag = container["image"].partition(":")
            if name == image["name"]:
                new = image.get("newName", name)
                tag = image.get("newTag", _tag)
                container["image"] = f"{new}:{tag}" if tag else new
