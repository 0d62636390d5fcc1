"""The seed-000 experiment runner on tiny settings (the full run is `ruletree reproduce facmi`)."""


from engine import cli
from engine.reproduce import facmi as F


def test_experiment_tables_have_every_learner(datasets, tmp_path, monkeypatch):
    say = F.Progress(quiet=True)
    a = F.experiment_a(1, sizes=(8,), say=say)
    assert list(a.columns) == ["training cases", *F.LEARNERS_A] and len(a) == 1
    b = F.experiment_b(1, ks=(2,), say=say)
    assert list(b.columns) == ["classes", *F.LEARNERS_B]
    c = F.experiment_c(1, names=("breast",), folder=datasets, say=say)
    assert list(c["monotone preprocessing"]) == ["yes", "no"] and list(c["in paper"]) == ["yes", "yes"]
    assert list(c.columns[3:]) == list(F.VARIANTS)  # both CARTs, median leaves beside majority ones
    assert set(F.LEARNERS_C) <= set(F.VARIANTS) and set(F.PAPER_VARIANTS) <= set(F.VARIANTS)
    assert ((c[list(F.VARIANTS)] >= 0) & (c[list(F.VARIANTS)] < 1)).all().all()


def test_monotone_preprocessing_reverses_decreasing_attributes(datasets):
    data = F.real_problem("car", True, datasets)
    signs = {a.name: a.monotone for a in data.schema.attributes}
    assert signs == {"buying": -1, "maint": -1, "doors": 1, "persons": 1, "lug_boot": 1, "safety": 1}
    assert all(a.monotone == 0 for a in F.real_problem("car", False, datasets).schema.attributes)


def test_unknown_paper_is_a_user_error(capsys):
    assert cli.main(["reproduce", "nosuch"]) == 2
    assert "no reproduction" in capsys.readouterr().err


# ---- the command: tables, SVG plots by the engine, PNG only by a plotter passed in -----------------


def tiny_run(out, quick=False, say=None):
    """facmi's experiments (a) and (b) on the smallest settings (seconds, no data files)."""
    out.mkdir(parents=True, exist_ok=True)
    quiet = F.Progress(quiet=True)
    return {"facmi_a_training_size": F.experiment_a(1, sizes=(8, 12), say=quiet),
            "facmi_b_classes": F.experiment_b(1, ks=(2, 3), say=quiet)}


def test_plots_describe_the_papers_figures():
    import pandas as pd

    a = pd.DataFrame({"training cases": [8, 12], **{n: [0.5, 0.4] for n in F.LEARNERS_A}, "lowest MAE": "facmi"})
    b = pd.DataFrame({"classes": [2, 4], **{n: [0.1, 0.2] for n in F.LEARNERS_B}, "lowest MAE": "cart"})
    plots = F.plots({"facmi_a_training_size": a, "facmi_b_classes": b})
    assert [p.name for p in plots] == ["facmi_a_training_size", "facmi_b_classes"]
    assert list(plots[0].series) == list(F.LEARNERS_A) and plots[0].x == (8.0, 12.0)
    assert list(plots[1].series) == list(F.LEARNERS_B) and plots[1].x_label == "classes k"

    from engine.reproduce import trichotomy as T

    t = pd.DataFrame([{"correlation": c, "mu": mu, "method": m, "test misclassification": mu / 10,
                       "pending rate": mu / 20} for c in ("uncorrelated", "low (0.2)") for mu in (2.0, 1.0)
                      for m in ("SDT", "CART")])
    tri = T.plots({"trichotomy_simulation": t})
    assert [p.name for p in tri] == ["trichotomy_test_error", "trichotomy_pending"]
    assert tri[0].x == (1.0, 2.0) and tri[0].series == {"SDT": (0.1, 0.2), "CART": (0.1, 0.2)}


def test_reproduce_writes_svg_plots_without_a_plotter(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(F, "run", tiny_run)
    assert cli.main(["reproduce", "facmi", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "\nfacmi_a_training_size\n" in out and "\nfacmi_b_classes\n" in out  # the tables, printed
    for name in ("facmi_a_training_size", "facmi_b_classes"):
        assert f"plot: {tmp_path / (name + '.svg')}" in out
        assert (tmp_path / f"{name}.svg").read_text().startswith("<svg ")
    assert not list(tmp_path.glob("*.png"))


def test_png_plots_come_from_the_plotter_passed_in(tmp_path, monkeypatch, capsys):
    ran = []
    monkeypatch.setattr(F, "run", lambda out, quick=False: ran.append(1) or tiny_run(out))
    assert cli.main(["reproduce", "facmi", "--png", "--out", str(tmp_path)]) == 2  # no plotter: refused first
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--png needs the app's plotter" in err[0] and ran == []
    drawn = []

    def plotter(plot, path):
        drawn.append((plot.name, path.name))
        path.write_bytes(b"png")
        return path

    assert cli.main(["reproduce", "facmi", "--png", "--out", str(tmp_path)], plotter=plotter) == 0
    assert drawn == [("facmi_a_training_size", "facmi_a_training_size.png"),
                     ("facmi_b_classes", "facmi_b_classes.png")]
    assert f"plot: {tmp_path / 'facmi_b_classes.png'}" in capsys.readouterr().out
    assert (tmp_path / "facmi_b_classes.svg").exists()  # the SVG is drawn as well
