import StarboardUI

// A view that keeps its count in @AppStorage, nested in a parent that makes it afresh in its
// body, as settings rows are: only the preview's store can keep what a tap wrote.

struct StoredCountRow: View {
    @AppStorage("storedCount") private var count = 0

    var body: some View {
        Button("Stored \(count)") { count += 1 }
    }
}

struct StoredCountScreen: View {
    var body: some View {
        VStack {
            Text("Settings")
            StoredCountRow()
        }
    }
}

#Preview("Stored count") {
    StoredCountScreen()
}
