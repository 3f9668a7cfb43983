// Barline Live Check, the Max side: appended to the probe scripts in the device's v8
// file. live.thisdevice sends `run` once Live is ready; every probe runs with a Task
// between ticks, the report goes to the Max console line by line and, as JSON, to
// "Barline Live Check report.json" beside the device (Max's default folder when the
// device has no file path); its path is printed. The status text shows the totals.

inlets = 1;
outlets = 1;

var LC_REPORT_NAME = "Barline Live Check report.json";
var lcRunning = false;

/** Where the report goes: the device's folder when Max knows it. */
function lcReportPath() {
  var fp = "";
  try {
    fp = String((this.patcher && this.patcher.filepath) || "");
  } catch (e) {
    fp = "";
  }
  var cut = fp.lastIndexOf("/");
  return cut > 0 ? fp.slice(0, cut + 1) + LC_REPORT_NAME : LC_REPORT_NAME;
}

/** Writes the report as JSON; answers the path written, or a reason it was not. */
function lcWriteReport(report) {
  var path = lcReportPath();
  var f = new File(path, "write", "TEXT");
  if (!f.isopen) return "(not written: cannot open " + path + ")";
  var text = JSON.stringify(report, null, 2);
  // Max's File writes strings of limited length: write in pieces.
  for (var i = 0; i < text.length; i += 2000) f.writestring(text.slice(i, i + 2000));
  f.eof = f.position;
  var where = f.foldername ? f.foldername + "/" + f.filename : path;
  f.close();
  return where;
}

function run() {
  if (lcRunning) return;
  lcRunning = true;
  outlet(0, "set", "running " + LIVE_CHECK_PROBES.length + " probes");
  var later = function (fn) {
    new Task(fn).schedule(50);
  };
  lcRun(LiveAPI, LIVE_CHECK_PROBES, later, function (report) {
    lcReportLines(report).forEach(function (line) {
      post(line + "\n");
    });
    post("Barline Live Check report: " + lcWriteReport(report) + "\n");
    outlet(0, "set", report.passed + " passed, " + report.failed + " failed");
    lcRunning = false;
  });
}

function bang() {
  run();
}
