"""The ``docker compose`` file of a real deployment (``deploy/compose.yaml``), checked
without a container runtime: its services, that the server's command is one
``spieltisch serve`` accepts (several processes on PostgreSQL and Redis), that the servers
wait for healthy databases, and that the proxy passes WebSockets on to them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import typer
import yaml

from spieltisch.cli.main import app

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def _compose() -> dict[str, Any]:
    data = yaml.safe_load((DEPLOY / "compose.yaml").read_text("utf-8"))
    assert isinstance(data, dict)
    return data


def _defaults(text: str) -> str:
    """``${NAME:-default}`` as compose fills it in when NAME is not set."""
    return re.sub(r"\$\{[A-Z_]+:-([^}]*)\}", r"\1", text)


def test_the_services_and_their_order() -> None:
    services = _compose()["services"]
    assert set(services) == {"postgres", "redis", "server", "proxy"}
    server = services["server"]
    assert server["deploy"]["replicas"] >= 2  # several processes, the point of the file
    assert server["depends_on"] == {
        "postgres": {"condition": "service_healthy"},
        "redis": {"condition": "service_healthy"},
    }
    assert services["postgres"]["healthcheck"] and services["redis"]["healthcheck"]
    assert "8000" not in str(server.get("ports", ""))  # only the proxy is published
    assert services["proxy"]["ports"] == ["8080:80"]


def test_the_server_command_is_one_spieltisch_serve_accepts() -> None:
    server = _compose()["services"]["server"]
    command = [_defaults(str(part)) for part in server["command"]]
    assert command[:2] == ["spieltisch", "serve"]
    click = typer.main.get_command(app)
    serve = click.get_command(click.make_context("spieltisch", ["serve"]), "serve")  # type: ignore[attr-defined]
    assert serve is not None
    params = serve.make_context("serve", command[2:]).params
    assert params["host"] == "0.0.0.0" and params["port"] == 8000
    postgres = _compose()["services"]["postgres"]["environment"]
    assert params["db"] == (
        f"postgresql://{postgres['POSTGRES_USER']}:{_defaults(postgres['POSTGRES_PASSWORD'])}"
        f"@postgres/{postgres['POSTGRES_DB']}"
    )
    assert params["redis"] == "redis://redis:6379/0"
    assert server["environment"]["FORWARDED_ALLOW_IPS"] == "*"
    assert (DEPLOY / server["build"]["dockerfile"].split("/")[-1]).is_file()


def test_the_proxy_passes_websockets_to_the_servers() -> None:
    proxy = _compose()["services"]["proxy"]
    mount = proxy["volumes"][0].split(":")
    assert mount[1] == "/etc/nginx/conf.d/default.conf"
    conf = (DEPLOY / Path(mount[0]).name).read_text("utf-8")
    assert "server server:8000;" in conf and "proxy_pass http://spieltisch;" in conf
    assert "proxy_set_header Upgrade $http_upgrade;" in conf
    assert "proxy_set_header Connection $connection_upgrade;" in conf
    assert "proxy_http_version 1.1;" in conf
    assert "X-Forwarded-For" in conf


def test_the_image_installs_the_package() -> None:
    dockerfile = (DEPLOY / "Dockerfile").read_text("utf-8")
    assert "COPY src ./src" in dockerfile and "pip install --no-cache-dir ." in dockerfile
    assert '"spieltisch", "serve"' in dockerfile
